import type { MessageResponse } from '@bauakte/domain/schemas';
import { apiRequest } from './api';

/** Sends an invitation again (lost mail, expired link); the server decides who may. */
export function resendInvitation(username: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/invitations/resend', { method: 'POST', body: { username } });
}
