import {
  forgotPasswordRequestSchema, invitationSchema, messageResponseSchema, registerRequestSchema,
  resendInvitationRequestSchema, resetInfoSchema, resetPasswordRequestSchema, serverMessages, tokenQuerySchema,
} from '@bauakte/domain';
import { callerOf } from '../../platform/access/access';
import { requires } from '../../platform/access/route-access';
import type { App } from '../../platform/http/types';
import type { PasswordResetService } from './password-reset-service';
import type { RegistrationService } from './registration-service';
import type { ResendService } from './resend-service';

export function registerAccountRoutes(
  app: App,
  deps: { registration: RegistrationService; passwordReset: PasswordResetService; resend: ResendService },
): void {
  const open = { public: true };
  // The account is named in the body: who may invite it again is decided first.
  const reinvitable = requires.account('body.username', 'reinvite');

  app.get(
    '/api/register',
    { config: open, schema: { tags: ['accounts'], querystring: tokenQuerySchema, response: { 200: invitationSchema } } },
    (request) => deps.registration.invitation(request.query.token),
  );

  app.put(
    '/api/register',
    {
      config: open,
      schema: { tags: ['accounts'], querystring: tokenQuerySchema, body: registerRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await deps.registration.register(request.query.token, request.body);
      return { message: serverMessages.registered };
    },
  );

  app.post(
    '/api/auth/forgotPassword',
    { config: open, schema: { tags: ['accounts'], body: forgotPasswordRequestSchema, response: { 200: messageResponseSchema } } },
    (request) => deps.passwordReset.requestReset(request.body, request.ip),
  );

  app.get(
    '/api/reset-password',
    { config: open, schema: { tags: ['accounts'], querystring: tokenQuerySchema, response: { 200: resetInfoSchema } } },
    (request) => deps.passwordReset.resetInfo(request.query.token),
  );

  app.post(
    '/api/reset-password',
    {
      config: open,
      schema: { tags: ['accounts'], querystring: tokenQuerySchema, body: resetPasswordRequestSchema, response: { 200: messageResponseSchema } },
    },
    (request) => deps.passwordReset.resetPassword(request.query.token, request.body.password),
  );

  app.post(
    '/api/invitations/resend',
    {
      config: { access: reinvitable.for('ADMIN', 'ARCHI') },
      schema: { tags: ['accounts'], body: resendInvitationRequestSchema, response: { 200: messageResponseSchema } },
    },
    (request) => deps.resend.resend(callerOf(request), reinvitable.of(request)),
  );
}
