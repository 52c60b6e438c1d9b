import type { ForgotPasswordRequest, Invitation, MessageResponse, RegisterRequest, ResetInfo, ResetPasswordRequest } from '@bauakte/domain/schemas';
import { apiRequest } from '../../lib/api';

const withToken = (path: string, token: string) => `${path}?${new URLSearchParams({ token }).toString()}`;

/** The public account calls of spec section 7; none of them sends a stored token. */
export function fetchInvitation(token: string): Promise<Invitation> {
  return apiRequest<Invitation>(withToken('/register', token), { anonymous: true });
}

export function completeRegistration(token: string, request: RegisterRequest): Promise<MessageResponse> {
  return apiRequest<MessageResponse>(withToken('/register', token), { method: 'PUT', body: request, anonymous: true });
}

export function requestPasswordReset(request: ForgotPasswordRequest): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/auth/forgotPassword', { method: 'POST', body: request, anonymous: true });
}

export function fetchResetInfo(token: string): Promise<ResetInfo> {
  return apiRequest<ResetInfo>(withToken('/reset-password', token), { anonymous: true });
}

export function resetPassword(token: string, request: ResetPasswordRequest): Promise<MessageResponse> {
  return apiRequest<MessageResponse>(withToken('/reset-password', token), { method: 'POST', body: request, anonymous: true });
}
