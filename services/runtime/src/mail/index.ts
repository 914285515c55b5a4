export { SmtpMailer, type SmtpMessage } from './smtp-mailer.js';
