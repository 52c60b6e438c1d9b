import { createContext, useContext } from 'react';
import type { LiveChannel, LiveChannelFactory } from './live-channel';

export interface LiveChatState {
  channel: LiveChannel | null;
  connected: boolean;
  /** Usernames online that the user may chat with, the user included (/topic/activeUsers). */
  activeUsers: ReadonlySet<string>;
}

const offline: LiveChatState = { channel: null, connected: false, activeUsers: new Set() };

export const LiveChatContext = createContext<LiveChatState>(offline);

/** Tests give their own channel; the app uses STOMP. */
export const LiveChannelFactoryContext = createContext<LiveChannelFactory | null>(null);

export const useLiveChat = () => useContext(LiveChatContext);
