import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { GENERIC_MESSAGE, submissionMessages } from '@swarm/proto/labels/answers';
import { reportFormMessages } from '@swarm/proto/labels/forms';
import { languages } from '@swarm/proto/labels';
import { describe, expect, it } from 'vitest';
import { languageNames, siteLanguages } from './language';
import { en } from './messages/en';
import { enPages } from './messages/en-pages';
import { enSite } from './messages/en-site';
import { esPages } from './messages/es-pages';
import { esSite } from './messages/es-site';

const catalogs = { en: { site: enSite, pages: enPages }, es: { site: esSite, pages: esPages } } as const;

/** The arguments a message takes, with their kind (plain, number, plural…), in order of appearance. */
function argumentsOf(message: string): string[] {
  const found: string[] = [];
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      found.push(`${element.value}:${element.type}`);
      if (element.type === TYPE.plural || element.type === TYPE.select) for (const option of Object.values(element.options)) walk(option.value);
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message));
  return [...new Set(found)].sort();
}

describe('the catalogs', () => {
  it('speak every language a report may name, and no other', () => {
    expect([...siteLanguages].sort()).toEqual([...languages.labels].sort());
    expect(Object.keys(catalogs).sort()).toEqual([...languages.labels].sort());
    expect(languageNames).toEqual({ en: 'English', es: 'Español' });
  });

  for (const part of ['site', 'pages'] as const) {
    it(`have exactly the same keys in each language (${part})`, () => {
      const english = Object.keys(catalogs.en[part]).sort();
      for (const language of siteLanguages) expect(Object.keys(catalogs[language][part]).sort(), language).toEqual(english);
    });

    it(`take the same arguments in each language, and every message parses as ICU (${part})`, () => {
      for (const [key, message] of Object.entries(catalogs.en[part])) {
        for (const language of siteLanguages) {
          const translated = (catalogs[language][part] as Record<string, string>)[key] ?? '';
          expect(translated.trim(), `${language} ${key} is empty`).not.toBe('');
          expect(argumentsOf(translated), `${language} ${key}`).toEqual(argumentsOf(message));
        }
      }
    });
  }

  it('keep a key in one part only', () => {
    const shared = Object.keys(enSite).filter((key) => key in enPages);
    expect(shared).toEqual([]);
  });

  it('translate every text into Spanish (only names, "No", "OK"-like words and "Error" may read the same)', () => {
    const same = Object.entries(en).filter(([key, text]) => ({ ...esSite, ...esPages })[key as keyof typeof en] === text).map(([key]) => key);
    expect(same.sort()).toEqual(['identify.no', 'report.duplicate.no', 'report.failureTitle']);
  });

  it('use the beekeeping words beekeepers use in Spanish', () => {
    const spanish = Object.values({ ...esSite, ...esPages }).join('\n');
    for (const word of ['enjambre', 'abejas melíferas', 'apicultor', 'avispas', 'avispones', 'colmena']) expect(spanish).toContain(word);
    // "Usted", never "tú": the imperatives and possessives of a formal address.
    expect(spanish).not.toMatch(/\b(tú|tu|tus|puedes|quieres|estás|encontraste)\b/i);
  });
});

describe("the English catalog keeps the spec's texts word for word", () => {
  it('says what the services answer with (the shared labels), so a change on either side fails here', () => {
    expect({
      allFieldsRequired: en['report.allFieldsRequired'],
      nameTooLong: en['report.nameTooLong'],
      sizeTooLong: en['report.sizeTooLong'],
      elevationOutOfRange: en['report.elevationOutOfRange'],
      phoneInvalid: en['report.phoneInvalid'],
      addressNotPicked: en['report.addressNotPicked'],
    }).toEqual({
      allFieldsRequired: reportFormMessages.allFieldsRequired,
      nameTooLong: reportFormMessages.nameTooLong,
      sizeTooLong: reportFormMessages.sizeTooLong,
      elevationOutOfRange: reportFormMessages.elevationOutOfRange,
      phoneInvalid: reportFormMessages.phoneInvalid,
      addressNotPicked: reportFormMessages.addressNotPicked,
    });
    expect({
      noBeekeepers: en['report.noBeekeepers'],
      alreadySubmitted: en['report.alreadySubmitted'],
      imageTooBig: en['report.imageTooBig'],
      notAPicture: en['report.notAPicture'],
      addressUnresolved: en['report.addressUnresolved'],
      notHuman: en['report.notHuman'],
      alreadyReported: en['report.alreadyReported'],
      addressServiceUnavailable: en['report.addressServiceUnavailable'],
    }).toEqual({
      noBeekeepers: submissionMessages.noBeekeepers,
      alreadySubmitted: submissionMessages.alreadySubmitted,
      imageTooBig: submissionMessages.imageTooBig,
      notAPicture: submissionMessages.notAPicture,
      addressUnresolved: submissionMessages.addressUnresolved,
      notHuman: submissionMessages.notHuman,
      alreadyReported: submissionMessages.alreadyReported,
      addressServiceUnavailable: submissionMessages.addressServiceUnavailable,
    });
    expect(en['report.somethingWentWrong']).toBe(GENERIC_MESSAGE);
  });

  // The spec's own words (§2, §5, §8), typos included: editing one in the catalog is editing the spec.
  it.each([
    ['landing.reportSwarm', 'Report a swarm'],
    ['landing.association.title', 'Are you an association?'],
    ['landing.association.learnMore', 'Learn More'],
    ['identify.cluster.title', 'Are the bees in a swarm (cluster)?'],
    ['identify.size.title', 'Approximately how large is the swarm?'],
    ['identify.aboveGround.title', 'Is the swarm above ground?'],
    ['identify.elevation.title', 'Approximately how high up is the swarm?'],
    ['wasp.title', 'They might be wasps'],
    ['wasp.ok', 'OK'],
    ['size.Softball', 'Softball'],
    ['size.Basketball', 'Basketball'],
    ['size.Very Large', 'Very Large'],
    ['report.phoneHint', 'A member from a bee association may need to contact you for more details'],
    ['report.back', 'Back'],
    ['report.submit', 'Report!'],
    ['report.duplicate.title', 'Please only submit one report per swarm.'],
    ['report.duplicate.question', 'Are you sure you want to submit another report?'],
    ['report.duplicate.no', 'No'],
    ['report.duplicate.yes', 'Yes'],
    ['report.allFieldsRequired', 'All fields must be filled out'],
    ['report.elevationOutOfRange', 'Distance from Ground is out of range (0 to 50)'],
    ['report.phoneInvalid', 'Phone is invalid (10 digts, only numbers)'],
    ['report.sizeTooLong', 'Bee Size is too long'],
    ['report.addressNotPicked', 'Please select an address from the dropdown list. (It may take a few seconds to load after you start typing.)'],
    ['report.noBeekeepers', "We couldn't find any available beekeepers using our service in your area."],
    ['report.alreadySubmitted', 'This report has already been successfully submitted.'],
    ['report.imageTooBig', 'The image you are uploading is too big. Please select a smaller image.'],
    ['report.addressUnresolved', 'Please select an address from the dropdown list.'],
    ['report.notHuman', "Failed to verify that you're a human. Refresh the page and try again."],
    ['report.somethingWentWrong', 'Something went wrong. Refresh the page and try again.'],
    ['report.alreadyReported', 'A swarm at this address has already been successfully reported.'],
    ['report.unexpectedFailure', 'Failed to submit report. Please try again.'],
    ['report.failureTitle', 'Error'],
    ['report.successTitle', 'Success'],
    ['report.successDescription', 'Swarm has been reported'],
    ['layout.errorsHeading', 'Errors:'],
    ['layout.home', 'Home'],
    ['layout.poweredBy', 'Powered by'],
    ['layout.privacyPolicy', 'Privacy Policy'],
    ['errorPanel.title', 'Something went wrong:'],
    ['errorPanel.unexpected', 'An unexpected error occurred. Please try refreshing the page.'],
    ['errorPanel.reload', 'Reload'],
    ['feedback.tab', 'Feedback'],
    ['feedback.title', 'Feedback'],
    ['feedback.placeholder', 'Did something go wrong? Let us know!'],
    ['feedback.submit', 'Submit'],
    ['feedback.requiredFields', 'Please enter in the following required fields: {fields}'],
    ['feedback.emptyMessage', 'Unable to submit feedback with empty message'],
    ['feedback.failure', 'There was a problem submitting feedback, please wait and try again.'],
    ['feedback.success', 'Thank you for your feedback!'],
  ] as const)('%s says %j', (key, text) => {
    expect(en[key]).toBe(text);
  });
});
