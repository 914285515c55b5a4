/** What a test alert says: a swarm like a real one, claimed by nobody. */
export const TEST_ALERT_FACTS = { claimCode: '00000', size: 'Basketball', elevationFeet: 12, distanceMiles: 1.5, town: 'Test alert' } as const;

/** How every channel marks a test alert before its facts (the email's subject, the text message). */
export const TEST_ALERT_MARK = '[Test]';

/** The answer to claiming a test alert, on every channel: the claim page, the notification's answer and a text reply. */
export const TEST_CLAIM_MESSAGE = 'This was a test alert: nothing was claimed. Real alerts are claimed the same way.';
