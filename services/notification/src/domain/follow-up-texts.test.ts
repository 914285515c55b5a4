import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  claimerReporterSaidGoneText,
  firstNameOf,
  isGoneReply,
  NO_LIVE_REPORT_REPLY,
  NO_OUTCOME_PROMPT_REPLY,
  outcomeOfReply,
  outcomePromptText,
  outcomeRecordedReply,
  REPORTER_EXPIRED_TEXT,
  REPORTER_GONE_CLAIMER_TOLD_REPLY,
  REPORTER_GONE_REPLY,
  REPORTER_GONE_SETTLED_REPLY,
  REPORTER_HELP_REPLY,
  REPORTER_OPT_IN_REPLY,
  REPORTER_OPT_OUT_REPLY,
  REPORTER_UNCLAIMED_NOBODY_ELSE_TEXT,
  REPORTER_UNCLAIMED_TEXT,
  reporterClaimedText,
  reporterGoneReply,
  reporterTexts,
  type ReporterTexts,
} from './follow-up-texts.js';
import { readInboundSms } from './inbound-sms.js';
import { isSingleGsm7Segment, isSingleSegment, smsEncodingOf } from './sms-text.js';

describe('replies from reporters and claimers', () => {
  it('reads GONE, LEFT and GONE NOW in any case and spacing, and nothing else, as the swarm having left', () => {
    for (const body of ['GONE', 'gone', ' Left ', 'gone now', 'GONE   NOW', '\tGone Now\n']) expect(isGoneReply(body)).toBe(true);
    for (const body of ['GONE?', 'it is gone', 'GONENOW', 'LEFT NOW', 'gone now please', '']) expect(isGoneReply(body)).toBe(false);
    expect(readInboundSms('Gone now')).toEqual({ kind: 'gone' });
  });

  it('reads a lone digit 1 to 5 as the outcome in the order the prompt numbers them', () => {
    expect(['1', '2', '3', '4', '5'].map(outcomeOfReply)).toEqual(['Captured', 'Gone before arrival', 'Not honey bees', 'Could not reach', 'Other']);
    for (const body of ['0', '6', '12', '1.', 'one', '']) expect(outcomeOfReply(body)).toBeUndefined();
    expect(readInboundSms(' 4 ')).toEqual({ kind: 'outcome', outcome: 'Could not reach' });
    // Five digits stay a claim code, whatever digits they hold.
    expect(readInboundSms('11111')).toEqual({ kind: 'claim', claimCode: '11111' });
  });
});

describe('the answer to GONE', () => {
  it('says a beekeeper holding the report is told, else that the report is closed, else thanks the reporter only', () => {
    expect(reporterGoneReply({ departed: 0, claimerTold: 1, settled: 0 })).toBe(REPORTER_GONE_CLAIMER_TOLD_REPLY);
    expect(reporterGoneReply({ departed: 1, claimerTold: 1, settled: 1 })).toBe(REPORTER_GONE_CLAIMER_TOLD_REPLY);
    expect(reporterGoneReply({ departed: 1, claimerTold: 0, settled: 1 })).toBe(REPORTER_GONE_REPLY);
    expect(reporterGoneReply({ departed: 0, claimerTold: 0, settled: 1 })).toBe(REPORTER_GONE_SETTLED_REPLY);
    expect(reporterGoneReply({ departed: 0, claimerTold: 0, settled: 0 })).toBe(NO_LIVE_REPORT_REPLY);
    // Only the reply that closed a report says no beekeeper will come.
    for (const reply of [REPORTER_GONE_CLAIMER_TOLD_REPLY, REPORTER_GONE_SETTLED_REPLY, NO_LIVE_REPORT_REPLY]) expect(reply).not.toMatch(/no beekeeper will come/);
    for (const reply of [REPORTER_GONE_CLAIMER_TOLD_REPLY, REPORTER_GONE_SETTLED_REPLY, NO_LIVE_REPORT_REPLY]) expect(reply).toMatch(/thank you/i);
  });

  it('tells the claimer the reporter says the swarm left and asks for what happened, without calling the trip off', () => {
    const text = claimerReporterSaidGoneText('04217');
    expect(text).toBe('Swarm Alert: the reporter says swarm 04217 has left. Please record what happened under Claimed Swarms in the member area.');
    expect(text).not.toMatch(/no need to go/i);
  });
});

describe('the texts', () => {
  it('asks how it went with the prompt the claimer answers, in one segment', () => {
    const prompt = outcomePromptText('04217');
    expect(prompt).toContain('How did it go? Reply 1 captured, 2 gone before arrival, 3 not honey bees, 4 could not reach, 5 other');
    expect(isSingleGsm7Segment(prompt)).toBe(true);
  });

  it('keeps every fixed text and reply to one GSM-7 segment', () => {
    const fixed = [
      REPORTER_UNCLAIMED_TEXT,
      REPORTER_UNCLAIMED_NOBODY_ELSE_TEXT,
      REPORTER_EXPIRED_TEXT,
      REPORTER_GONE_REPLY,
      REPORTER_GONE_CLAIMER_TOLD_REPLY,
      REPORTER_GONE_SETTLED_REPLY,
      REPORTER_HELP_REPLY,
      REPORTER_OPT_OUT_REPLY,
      REPORTER_OPT_IN_REPLY,
      NO_LIVE_REPORT_REPLY,
      NO_OUTCOME_PROMPT_REPLY,
    ];
    for (const text of [...fixed, claimerReporterSaidGoneText('99999'), outcomeRecordedReply('Gone before arrival')]) expect(isSingleGsm7Segment(text)).toBe(true);
  });

  it('names the claimer by first name and their association, and says they will call', () => {
    expect(reporterClaimedText({ firstName: firstNameOf('  Ada  Lovelace '), associationName: 'Lane County Beekeepers' })).toBe(
      'Swarm Alert: Ada of Lane County Beekeepers is on the way for your swarm and will call you first. Reply GONE if it leaves.',
    );
    expect(reporterClaimedText({ firstName: '', associationName: '' })).toMatch(/^Swarm Alert: A beekeeper, a local beekeeper/);
    // Letters with a stroke keep their base letter rather than vanish.
    expect(reporterClaimedText({ firstName: firstNameOf('Łucja'), associationName: 'Đakovo Bees' })).toMatch(/^Swarm Alert: Lucja of Dakovo Bees is on the way/);
  });

  it('fits one GSM-7 segment whatever names it is given, shortening the association rather than dropping the claimer', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.string({ maxLength: 300 }), (name, association) => {
        const text = reporterClaimedText({ firstName: firstNameOf(name), associationName: association });
        expect(isSingleGsm7Segment(text)).toBe(true);
        expect(text).toMatch(/is on the way for your swarm and will call you first\. Reply GONE if it leaves\.$/);
      }),
      { numRuns: 300 },
    );
    const long = reporterClaimedText({ firstName: 'Ada', associationName: 'The Greater Willamette Valley and Lane County Association of Backyard and Commercial Beekeepers' });
    expect(long).toMatch(/^Swarm Alert: Ada of The Greater .*\.\.\. is on the way/);
  });
});

describe("the reporter's texts in Spanish", () => {
  const fixedTexts = (texts: ReporterTexts) => Object.entries(texts).filter((entry): entry is [string, string] => typeof entry[1] === 'string');

  it('has every text English has, and each differs from the English one', () => {
    expect(Object.keys(reporterTexts.es).sort()).toEqual(Object.keys(reporterTexts.en).sort());
    for (const [name, text] of fixedTexts(reporterTexts.es)) expect(text, name).not.toBe(reporterTexts.en[name as keyof ReporterTexts]);
  });

  it('keeps every fixed text to one segment in its own encoding: 160 GSM-7 characters, or 70 once a letter such as á makes it UCS-2', () => {
    for (const language of ['en', 'es'] as const) {
      for (const [name, text] of fixedTexts(reporterTexts[language])) {
        expect(isSingleSegment(text), `${language} ${name} (${smsEncodingOf(text)}, ${text.length}): ${text}`).toBe(true);
      }
    }
    // The English texts stay GSM-7, as they always were.
    for (const [name, text] of fixedTexts(reporterTexts.en)) expect(smsEncodingOf(text), name).toBe('GSM-7');
    // A Spanish text with an accent GSM-7 lacks is UCS-2, and still one segment of 70.
    expect(smsEncodingOf(reporterTexts.es.goneSettled)).toBe('UCS-2');
    expect(reporterTexts.es.goneSettled.length).toBeLessThanOrEqual(70);
  });

  it('says who is coming and asks for SE FUE, in one segment whatever names it is given', () => {
    expect(reporterTexts.es.claimed({ firstName: 'Ada', associationName: 'Lane County Beekeepers' })).toBe(
      'Swarm Alert: Ada de Lane County Beekeepers va en camino por su enjambre y le va a llamar antes de llegar. Si el enjambre se va, responda SE FUE.',
    );
    expect(reporterClaimedText({ firstName: '', associationName: '' }, 'es')).toMatch(/^Swarm Alert: Un apicultor va en camino por su enjambre/);
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.string({ maxLength: 300 }), (name, association) => {
        const text = reporterTexts.es.claimed({ firstName: firstNameOf(name), associationName: association });
        expect(isSingleSegment(text)).toBe(true);
        expect(text).toMatch(/va en camino por su enjambre y le va a llamar antes de llegar\. Si el enjambre se va, responda SE FUE\.$/);
      }),
      { numRuns: 300 },
    );
  });

  it('answers GONE in the language asked, and reads SE FUE and YA SE FUE as GONE', () => {
    expect(reporterGoneReply({ departed: 1, claimerTold: 0, settled: 0 }, 'es')).toBe(reporterTexts.es.goneClosed);
    expect(reporterGoneReply({ departed: 0, claimerTold: 1, settled: 0 }, 'es')).toBe(reporterTexts.es.goneClaimerTold);
    expect(reporterGoneReply({ departed: 0, claimerTold: 0, settled: 1 }, 'es')).toBe(reporterTexts.es.goneSettled);
    expect(reporterGoneReply({ departed: 0, claimerTold: 0, settled: 0 }, 'es')).toBe(reporterTexts.es.noLiveReport);
    for (const body of ['SE FUE', 'se fue', ' Ya  se fue ']) expect(isGoneReply(body), body).toBe(true);
    expect(isGoneReply('se fue?')).toBe(false);
  });

  it('points to a Spanish search for beekeepers when the report expires', () => {
    expect(reporterTexts.es.expired).toContain('https://www.google.com/search?q=apicultores+cerca+de+mi');
  });
});
