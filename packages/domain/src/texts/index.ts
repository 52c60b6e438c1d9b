/** `@bauakte/domain/texts`: the German texts of server, mails and PDF, without a schema library. */
export * from './form-texts';
export * from './mail-texts';
export * from './pdf-texts';
export * from './server-messages';
export * from './shared-texts';
