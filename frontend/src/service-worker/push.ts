/** The app's icon beside the alert, and the small monochrome one phones show in the status bar. */
export const ALERT_ICON = '/icons/icon-192.png';
export const ALERT_BADGE = '/icons/badge-96.png';

/** The path of the claim page of a token: the swarm's facts and a 'Claim this swarm' button. */
export const claimPagePath = (claimToken: string) => `/claim/${encodeURIComponent(claimToken)}`;

export type AlertAction = { action: 'claim' | 'not-now'; title: string };

/** The push message of an alert, as the notification service sends it. */
export type SwarmAlertPush = {
  type: 'swarm-alert';
  title: string;
  body: string;
  image?: string;
  tag: string;
  claimCode: string;
  claimToken: string;
  claimUrl: string;
  actions: AlertAction[];
};

/** The push message of a claimed swarm's location, on the claimer's devices: the address and the reporter's phone. */
export type SwarmLocationPush = { type: 'swarm-location'; title: string; body: string; tag: string; url: string };

/** What a notification of ours carries: enough to claim from it, or to open the claim page. */
export type AlertData = { claimToken: string; claimUrl: string; claimCode: string };

/** What a location notification carries: the page a tap opens (the map, or the member's claimed swarms). */
export type LocationData = { openUrl: string };

/** Where a tap on a location notification goes when it carries no map. */
export const CLAIMED_SWARMS_PATH = '/member#claimed-swarms';

/** What the claim endpoint answers with 200. */
export type ClaimOutcome = { outcome: 'claimed' | 'already-yours' | 'taken' | 'over' | 'test'; message: string; claimCode: string };

/** The notification that answers a tap on Claim. */
export type ClaimAnswer = { title: string; body: string };

/**
 * The WebWorker library lists only the options every browser shows; Chromium also shows a picture and buttons, and
 * `renotify`, which the others ignore.
 */
type AlertNotificationOptions = NotificationOptions & { image?: string; renotify?: boolean; actions?: AlertAction[] };

export const NO_CONNECTION = 'Could not claim: no connection. Open the alert to try again.';
export const CLAIM_FAILED = 'Could not claim the swarm. Open the alert to try again.';
export const TAKEN_TITLE = 'Another beekeeper claimed it first';

const DEFAULT_ACTIONS: AlertAction[] = [
  { action: 'claim', title: 'Claim' },
  { action: 'not-now', title: 'Not now' },
];

const OUTCOMES: readonly ClaimOutcome['outcome'][] = ['claimed', 'already-yours', 'taken', 'over', 'test'];

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const filled = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** An http(s) address, a path read against the site's origin; anything else (javascript:, data:…) is refused. */
function webAddress(value: unknown, origin: string): string | undefined {
  const raw = filled(value);
  if (!raw) return undefined;
  try {
    const url = new URL(raw, origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function alertActions(value: unknown): AlertAction[] {
  if (!Array.isArray(value)) return DEFAULT_ACTIONS;
  const actions = value.flatMap((entry): AlertAction[] => {
    if (!isObject(entry) || (entry.action !== 'claim' && entry.action !== 'not-now')) return [];
    const title = filled(entry.title);
    return title ? [{ action: entry.action, title }] : [];
  });
  return actions.length > 0 ? actions : DEFAULT_ACTIONS;
}

/** The push message's JSON object when it is one of this type; undefined for anything else. */
function pushMessageOfType(message: string | undefined, type: string): Json | undefined {
  if (message === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return undefined;
  }
  return isObject(parsed) && parsed.type === type ? parsed : undefined;
}

/**
 * A push message read defensively: anything that is not JSON, not a swarm alert or lacks what the notification needs
 * is not an alert (undefined). Addresses are made absolute against the site's origin.
 */
export function readSwarmAlert(message: string | undefined, origin: string): SwarmAlertPush | undefined {
  const parsed = pushMessageOfType(message, 'swarm-alert');
  if (!parsed) return undefined;
  const title = filled(parsed.title);
  const claimToken = filled(parsed.claimToken);
  const claimUrl = webAddress(parsed.claimUrl, origin);
  if (!title || !claimToken || !claimUrl) return undefined;
  const image = webAddress(parsed.image, origin);
  return {
    type: 'swarm-alert',
    title,
    body: text(parsed.body) ?? '',
    ...(image ? { image } : {}),
    tag: filled(parsed.tag) ?? `swarm-claim-${claimToken.slice(0, 32)}`,
    claimCode: text(parsed.claimCode) ?? '',
    claimToken,
    claimUrl,
    actions: alertActions(parsed.actions),
  };
}

/**
 * A claimed swarm's location read defensively, as an alert is: undefined for anything else. The map must be an http(s)
 * address; without one a tap opens the member's claimed swarms.
 */
export function readSwarmLocation(message: string | undefined, origin: string): SwarmLocationPush | undefined {
  const parsed = pushMessageOfType(message, 'swarm-location');
  if (!parsed) return undefined;
  const title = filled(parsed.title);
  const tag = filled(parsed.tag);
  if (!title || !tag) return undefined;
  return { type: 'swarm-location', title, body: text(parsed.body) ?? '', tag, url: webAddress(parsed.url, origin) ?? new URL(CLAIMED_SWARMS_PATH, origin).href };
}

/** The location on the lock screen, in the alert's place (the same tag): it stays until the member opens it. */
export function showSwarmLocation(registration: ServiceWorkerRegistration, location: SwarmLocationPush): Promise<void> {
  const data: LocationData = { openUrl: location.url };
  const options: AlertNotificationOptions = { body: location.body, icon: ALERT_ICON, badge: ALERT_BADGE, tag: location.tag, renotify: true, requireInteraction: true, data };
  return registration.showNotification(location.title, options);
}

/** The data of a location notification this worker showed, or undefined for any other. */
export function readLocationData(data: unknown): LocationData | undefined {
  if (!isObject(data)) return undefined;
  const openUrl = filled(data.openUrl);
  return openUrl ? { openUrl } : undefined;
}

/** The data of a notification this worker showed, or undefined for any other. */
export function readAlertData(data: unknown): AlertData | undefined {
  if (!isObject(data)) return undefined;
  const claimToken = filled(data.claimToken);
  const claimUrl = filled(data.claimUrl);
  if (!claimToken || !claimUrl) return undefined;
  return { claimToken, claimUrl, claimCode: text(data.claimCode) ?? '' };
}

/** The alert on the lock screen: it stays until the member answers it, with the swarm's picture and Claim. */
export function showSwarmAlert(registration: ServiceWorkerRegistration, alert: SwarmAlertPush): Promise<void> {
  const data: AlertData = { claimToken: alert.claimToken, claimUrl: alert.claimUrl, claimCode: alert.claimCode };
  const options: AlertNotificationOptions = {
    body: alert.body,
    ...(alert.image ? { image: alert.image } : {}),
    icon: ALERT_ICON,
    badge: ALERT_BADGE,
    tag: alert.tag,
    renotify: false,
    requireInteraction: true,
    data,
    actions: alert.actions,
  };
  return registration.showNotification(alert.title, options);
}

const withoutFinalStop = (sentence: string) => sentence.trim().replace(/\.$/, '');

/** The answer's notification for each outcome of a claim. */
export function claimAnswerOf(outcome: ClaimOutcome): ClaimAnswer {
  switch (outcome.outcome) {
    case 'claimed':
    case 'already-yours': {
      const title = `Swarm ${outcome.claimCode} is yours`;
      // The title says it is yours; a message that opens by saying so again (an older server's) is not repeated.
      const body = outcome.message.startsWith(title) ? outcome.message.slice(title.length).replace(/^[.:!\s]+/, '') : outcome.message;
      return { title, body };
    }
    case 'taken':
      // The server's message usually says just that; it is not repeated under the title.
      return { title: TAKEN_TITLE, body: withoutFinalStop(outcome.message) === TAKEN_TITLE ? '' : outcome.message };
    default:
      return { title: outcome.message || CLAIM_FAILED, body: '' };
  }
}

function readOutcome(body: unknown): ClaimOutcome | undefined {
  if (!isObject(body) || !OUTCOMES.includes(body.outcome as ClaimOutcome['outcome'])) return undefined;
  return { outcome: body.outcome as ClaimOutcome['outcome'], message: text(body.message) ?? '', claimCode: text(body.claimCode) ?? '' };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Claims with the alert's token, without a session and without opening the site: the token is the proof. Every way it
 * can end is an answer to show, never a thrown error.
 */
export async function claimWithToken(data: AlertData, fetchFn: typeof fetch): Promise<ClaimAnswer> {
  let response: Response;
  try {
    response = await fetchFn(data.claimUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ token: data.claimToken }),
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    return { title: NO_CONNECTION, body: '' };
  }
  const body = await readJson(response);
  const outcome = response.ok ? readOutcome(body) : undefined;
  if (outcome) return claimAnswerOf(outcome);
  const message = isObject(body) ? filled(body.message) : undefined;
  return { title: message ?? CLAIM_FAILED, body: '' };
}

/** The claim page of the token in a tab already showing it, or in a new window. */
export async function openClaimPage(worker: ServiceWorkerGlobalScope, claimToken: string): Promise<void> {
  const url = new URL(claimPagePath(claimToken), worker.location.origin).href;
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url === url);
  if (open) {
    await open.focus();
    return;
  }
  await worker.clients.openWindow(url);
}

async function claimFromNotification(worker: ServiceWorkerGlobalScope, notification: Notification, data: AlertData): Promise<void> {
  // Closed at once, so the tap is seen to have done something while the claim is on its way.
  notification.close();
  const answer = await claimWithToken(data, (input, init) => worker.fetch(input, init));
  const options: AlertNotificationOptions = {
    body: answer.body,
    icon: ALERT_ICON,
    badge: ALERT_BADGE,
    // One notification per swarm: the answer takes the alert's place.
    tag: notification.tag || undefined,
    requireInteraction: true,
    // A tap on the answer opens the claim page, which says where things stand (and can claim again after a failure).
    data,
  };
  await worker.registration.showNotification(answer.title, options);
}

/**
 * Swarm alerts by Web Push: `push` shows the alert; on the notification, Claim claims from the lock screen and shows
 * the answer, Not now closes it, and a tap on the alert itself opens its claim page. After a claim, the location
 * arrives the same way in the alert's place, and a tap on it opens the map.
 */
export function handleSwarmAlerts(worker: ServiceWorkerGlobalScope): void {
  worker.addEventListener('push', (event) => {
    let message: string | undefined;
    try {
      message = event.data?.text();
    } catch {
      message = undefined;
    }
    const alert = readSwarmAlert(message, worker.location.origin);
    if (alert) {
      event.waitUntil(showSwarmAlert(worker.registration, alert));
      return;
    }
    const location = readSwarmLocation(message, worker.location.origin);
    if (location) event.waitUntil(showSwarmLocation(worker.registration, location));
  });

  worker.addEventListener('notificationclick', (event) => {
    const opening = readLocationData(event.notification.data);
    if (opening) {
      event.notification.close();
      event.waitUntil(worker.clients.openWindow(opening.openUrl).then(() => undefined));
      return;
    }
    const data = readAlertData(event.notification.data);
    if (!data || event.action === 'not-now') {
      event.notification.close();
      return;
    }
    if (event.action === 'claim') {
      event.waitUntil(claimFromNotification(worker, event.notification, data));
      return;
    }
    event.notification.close();
    event.waitUntil(openClaimPage(worker, data.claimToken));
  });
}
