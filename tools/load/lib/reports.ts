import { check } from 'k6';
import encoding from 'k6/encoding';
import http, { type FileData, type RefinedResponse } from 'k6/http';
import { optional } from './environment.ts';
import { SWARM_JPEG_BASE64 } from './swarm-picture.ts';

/** Towns the offline gazetteer of the embedded product resolves; a deployment with another geocoder sets REPORT_PLACES. */
const DEFAULT_PLACES = ['Portland, OR, USA', 'Eugene, OR, USA', 'Salem, OR, USA'];
const STREETS = ['Oak St', 'Maple Ave', 'Hive Rd', 'Comb Ct', 'Clover Ln', 'Orchard Way', 'Linden Blvd', 'Apiary Dr'];

const picture = encoding.b64decode(SWARM_JPEG_BASE64);

/** REPORT_PLACES: towns separated by semicolons, each as the deployment's geocoder resolves it ("Town, ST, USA"). */
export function reportPlaces(): string[] {
  const places = optional('REPORT_PLACES', '')
    .split(';')
    .map((place) => place.trim())
    .filter((place) => place !== '');
  return places.length > 0 ? places : DEFAULT_PLACES;
}

function pick<T>(items: readonly T[]): T {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
}

/** A v4 UUID from Math.random: unique enough for idempotency ids of one run. */
export function uuid(): string {
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (character) => {
    const random = Math.floor(Math.random() * 16);
    return (character === 'x' ? random : (random & 0x3) | 0x8).toString(16);
  });
}

/**
 * The report form's fields (spec §7 POST /report): a fresh idempotency id every time, a varied street address in one
 * of the places, the small JPEG as the picture. Varied streets keep most reports out of the duplicate-address rule.
 */
export function reportForm(places: readonly string[]): Record<string, string | FileData> {
  const houseNumber = 1 + Math.floor(Math.random() * 9_999);
  return {
    reporterName: 'Load Reporter',
    reporterPhone: `503555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
    // One size: the product does the same work for each, and the label list lives in the product alone.
    size: 'Softball',
    elevation: String(Math.floor(Math.random() * 20)),
    address: `${houseNumber} ${pick(STREETS)}, ${pick(places)}`,
    recaptchaToken: optional('RECAPTCHA_TOKEN', 'load-test'),
    idempotencyId: uuid(),
    internalNote: 'k6 load test',
    image: http.file(picture, 'swarm.jpg', 'image/jpeg'),
  };
}

/**
 * Submits one report as the report form does (multipart/form-data). 201 is a new report and 208 one at an address
 * reported in the last three days; anything else fails the check (404 means no member covers the place).
 */
export function submitReport(baseUrl: string, places: readonly string[]): RefinedResponse<'text'> {
  const response = http.post(`${baseUrl}/api/report`, reportForm(places), {
    tags: { name: 'POST /api/report' },
    responseCallback: http.expectedStatuses(201, 208),
  });
  check(response, {
    'report accepted (201 or 208)': (r) => r.status === 201 || r.status === 208,
    'report answered with its id': (r) => r.status !== 201 || typeof (r.json() as { reportId?: unknown } | null)?.reportId === 'string',
  });
  return response;
}
