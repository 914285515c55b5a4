export { SmtpMailer, type SmtpMessage } from './smtp-mailer.js';
export { mailerFromSettings, type MailSettings } from './mailer-from-settings.js';
