import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOnlineStatus } from './online-status';
import { onUserDataRemoval, removeUserData } from './user-data';

afterEach(() => vi.restoreAllMocks());

describe('useOnlineStatus', () => {
  it('follows the browser going offline and online again', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const { result } = renderHook(() => useOnlineStatus());
    expect(result.current).toBe(true);
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(result.current).toBe(false);
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(result.current).toBe(true);
  });
});

describe('removeUserData', () => {
  it('asks every registered store to remove the user, even when one of them fails', async () => {
    const removed: string[] = [];
    const offFailing = onUserDataRemoval(async () => {
      throw new Error('IndexedDB blocked');
    });
    const offWorking = onUserDataRemoval(async (username) => void removed.push(username));
    await removeUserData('FGruber');
    expect(removed).toEqual(['fgruber']);
    offFailing();
    offWorking();
    await removeUserData('mhuber');
    expect(removed).toEqual(['fgruber']);
  });
});
