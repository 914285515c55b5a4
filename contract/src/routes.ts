import { z } from 'zod';
import { alertChannels, alertChannelsChange, deviceParams, newPushDevice, pushDevice, testAlertSent } from './alert-channels.js';
import { claimAlert, claimAnswer, claimRequest, claimTokenParams } from './alert-claim.js';
import { associationMap } from './association-map.js';
import { associationReports } from './association-reports.js';
import { associationStatistics } from './association-statistics.js';
import { statisticsQuery } from './association-statistics-request.js';
import { clientConfig } from './client-config.js';
import { devOutbox } from './dev-outbox.js';
import { errorBody, messageBody } from './errors.js';
import { feedbackAccepted, feedbackBody } from './feedback.js';
import { health } from './health.js';
import { loginProviderParams, magicLinkCallbackQuery, magicLinkRequest, openIdCallbackQuery } from './login.js';
import { memberData } from './member-account.js';
import { associationJoined, companyParams, joinAssociationRequest, memberCompanies } from './member-company.js';
import { activeReports, claimedReports, markBadRequest, memberReportParams, outcomeRequest, reportImageQuery, unclaimRequest } from './member-reports.js';
import { availability, availabilityChange, memberInformation, memberInformationChange, onboardingChange } from './member.js';
import { placeSuggestionsQuery, placeSuggestions } from './places.js';
import { reportAlreadyReported, reportAssociations, reportAssociationsParams, reportForm, reportReplayed, reportSubmitted } from './report.js';
import { inboundSmsForm } from './sms-inbound.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** How a request body travels: JSON is checked against its schema before the route runs; the others the route reads itself. */
export type BodyType = 'application/json' | 'multipart/form-data' | 'application/x-www-form-urlencoded';

/** One answer of a route: a JSON body (its schema), a body of another type (a picture, TwiML), or none (204, 303). */
export type ApiResponse = {
  description: string;
  body?: z.ZodType;
  /** application/json when a body schema is given and nothing else is said. */
  contentType?: string;
  /** Headers the answer carries, by name, with what they say. */
  headers?: Record<string, string>;
};

export type ApiRoute = {
  method: HttpMethod;
  /** The path as OpenAPI writes it, parameters in braces: /api/report/{reportId}/associations. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** Behind the member session cookie: answers 401 without a live session. */
  session?: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  bodyType?: BodyType;
  responses: Record<number, ApiResponse>;
};

const refusal = (description: string): ApiResponse => ({ description, body: errorBody });
const RETRY_AFTER = { 'Retry-After': 'Seconds to wait before trying again.' };
const tooMany = (description: string): ApiResponse => ({ description, body: errorBody, headers: RETRY_AFTER });
const unavailable = (description = 'A service the call needs is unavailable.'): ApiResponse => ({ description, body: errorBody, headers: RETRY_AFTER });
const redirect = (description: string): ApiResponse => ({ description, headers: { Location: 'Where the browser goes next.' } });
const jpeg = (description: string): ApiResponse => ({ description, contentType: 'image/jpeg', body: z.string().meta({ format: 'binary' }) });

/** Keeps each route's own schema types, so the gateway's handlers are typed by them. */
const route = <const R extends ApiRoute>(definition: R): R => definition;

/** Every route the gateway serves under /api, by operation name: the one description of the HTTP API. */
export const apiRoutes = {
  getHealth: route({
    method: 'GET',
    path: '/api/health',
    tag: 'operations',
    summary: "Every service's health check; load balancers and the Kubernetes probes use it.",
    responses: { 200: { description: 'Every service answers SERVING.', body: health }, 503: { description: 'At least one service does not.', body: health } },
  }),
  getOpenApiDocument: route({
    method: 'GET',
    path: '/api/openapi.json',
    tag: 'operations',
    summary: 'This document: the HTTP API, made from the schemas the gateway and the site share.',
    responses: { 200: { description: 'An OpenAPI 3.1 document.', body: z.looseObject({ openapi: z.string() }) } },
  }),
  getClientConfig: route({
    method: 'GET',
    path: '/api/config',
    tag: 'reporter',
    summary: 'The public settings the browser needs at run time.',
    responses: { 200: { description: 'The settings; null where something is not configured.', body: clientConfig } },
  }),
  suggestPlaces: route({
    method: 'GET',
    path: '/api/places/autocomplete',
    tag: 'reporter',
    summary: 'Address suggestions for the report form and the member information.',
    query: placeSuggestionsQuery,
    responses: {
      200: { description: 'The addresses to pick from.', body: placeSuggestions },
      400: refusal('No input, or more than 200 characters.'),
      429: tooMany('Too many lookups from this client this hour.'),
      503: refusal('The geocoding provider is unavailable.'),
    },
  }),
  submitReport: route({
    method: 'POST',
    path: '/api/report',
    tag: 'reporter',
    summary: 'Report a swarm (spec §7).',
    description: 'The report service checks every rule of the form; the gateway checks the transport (limits, sizes, the picture by its bytes) and the bot check.',
    body: reportForm,
    bodyType: 'multipart/form-data',
    responses: {
      201: { description: 'Stored; the covering associations are alerted.', body: reportSubmitted },
      208: { description: 'A live report at the same address is less than 3 days old and confirmDuplicate was not true; nothing was stored.', body: reportAlreadyReported },
      400: refusal('A field breaks a rule: `errors` lists every broken rule with the form\'s messages.'),
      404: refusal('No member of a funded association covers the place at that height.'),
      409: { description: 'The idempotencyId was already used (with reportId when it is the same report sent again).', body: reportReplayed },
      413: refusal('The picture is over the size limit or over 52 megapixels.'),
      415: refusal('Not multipart, or the file is not a picture by its bytes.'),
      422: refusal('The address cannot be placed.'),
      429: tooMany('The bot check failed, or too many reports from this client this hour.'),
      503: unavailable('The geocoding provider or a service is unavailable, or every claim code is held.'),
    },
  }),
  getReportAssociations: route({
    method: 'GET',
    path: '/api/report/{reportId}/associations',
    tag: 'reporter',
    summary: 'The associations a report alerted, for the thank-you page.',
    params: reportAssociationsParams,
    responses: {
      200: { description: 'The associations; donationUrl null when one takes no donations.', body: reportAssociations },
      400: refusal('A malformed report id.'),
      404: refusal('An unknown report.'),
    },
  }),
  submitFeedback: route({
    method: 'POST',
    path: '/api/feedback',
    tag: 'reporter',
    summary: 'The feedback widget on every page.',
    body: feedbackBody,
    responses: {
      201: { description: 'Forwarded to the team.', body: feedbackAccepted },
      400: refusal('A blank message, or a field over its limit.'),
      429: tooMany('Too much feedback from this client this hour.'),
      503: refusal('The error-reporting service refused it.'),
    },
  }),
  requestLoginLink: route({
    method: 'POST',
    path: '/api/oauth/magic-login/member',
    tag: 'login',
    summary: 'Email a single-use login link (the same answer whether or not the address is a member\'s).',
    body: magicLinkRequest,
    responses: {
      200: { description: 'The link was sent.', body: messageBody },
      400: refusal('No email, or not an email address.'),
      429: refusal('The bot check failed, or too many links were asked for.'),
    },
  }),
  followLoginLink: route({
    method: 'GET',
    path: '/api/oauth/magic-login/member/callback',
    tag: 'login',
    summary: "The login link of the email: starts a session (creating the member on first login).",
    query: magicLinkCallbackQuery,
    responses: { 303: redirect('To /member with a session cookie, or to /login with the reason it failed.') },
  }),
  startMemberLogin: route({
    method: 'GET',
    path: '/api/oauth/{provider}/member',
    tag: 'login',
    summary: 'Log in with an OpenID Connect provider: to the provider, or back to the login page saying why not.',
    params: loginProviderParams,
    responses: { 303: redirect('To the provider, or to /login with the reason.'), 404: refusal('An unknown provider.') },
  }),
  startAssociationSignUp: route({
    method: 'GET',
    path: '/api/oauth/{provider}/admin',
    tag: 'login',
    summary: "An association's sign-up with an OpenID Connect provider.",
    params: loginProviderParams,
    responses: { 303: redirect('To the provider, or to /learn-more with the reason.'), 404: refusal('An unknown provider.') },
  }),
  finishOpenIdLogin: route({
    method: 'GET',
    path: '/api/oauth/{provider}/callback',
    tag: 'login',
    summary: "The provider's answer: links the identity to a member by verified email and starts a session.",
    params: loginProviderParams,
    query: openIdCallbackQuery,
    responses: { 303: redirect('To /member (or the association admin site) with a session cookie, or to /login with the reason.'), 404: refusal('An unknown provider.') },
  }),
  logout: route({
    method: 'DELETE',
    path: '/api/oauth/logout',
    tag: 'login',
    summary: 'End the session and clear its cookie.',
    responses: { 204: { description: 'Logged out.' } },
  }),
  getMemberInformation: route({
    method: 'GET',
    path: '/api/member/information',
    tag: 'member',
    session: true,
    summary: "The member's information.",
    responses: { 200: { description: 'The information.', body: memberInformation } },
  }),
  updateMemberInformation: route({
    method: 'PUT',
    path: '/api/member/information',
    tag: 'member',
    session: true,
    summary: "Change the member's name, phone and address; the member service places a changed address.",
    body: memberInformationChange,
    responses: {
      200: { description: 'The information as it now is.', body: memberInformation },
      400: refusal('Not text, or a rule of the member service broken (`errors`).'),
      422: refusal('The address cannot be placed.'),
    },
  }),
  updateOnboarding: route({
    method: 'PUT',
    path: '/api/member/onboarding',
    tag: 'member',
    session: true,
    summary: "Set an onboarding entry's status ('c' once completed).",
    body: onboardingChange,
    responses: { 200: { description: 'The information as it now is.', body: memberInformation }, 400: refusal('Not a number and a text.') },
  }),
  getAvailability: route({
    method: 'GET',
    path: '/api/member/availability',
    tag: 'member',
    session: true,
    summary: 'When and how far the member is alerted.',
    responses: { 200: { description: 'The availability.', body: availability } },
  }),
  updateAvailability: route({
    method: 'PUT',
    path: '/api/member/availability',
    tag: 'member',
    session: true,
    summary: 'Change any of the availability keys (the member area sends one at a time).',
    body: availabilityChange,
    responses: {
      200: { description: 'The availability as it now is.', body: availability },
      400: refusal('An unknown key, a value of the wrong type (the first in the order sent), or a rule of the member service broken (`errors`).'),
    },
  }),
  deleteAccount: route({
    method: 'DELETE',
    path: '/api/member/account',
    tag: 'member',
    session: true,
    summary: "Erase the member and end every session of theirs (an already deleted account answers 204 too).",
    responses: { 204: { description: 'Erased; the session cookie is cleared.' }, 503: unavailable('The member service is unavailable; nothing was erased.') },
  }),
  downloadMemberData: route({
    method: 'GET',
    path: '/api/member/data',
    tag: 'member',
    session: true,
    summary: 'Everything the product holds about the member, as a file to save.',
    responses: {
      200: { description: 'The data (Content-Disposition: attachment).', body: memberData, headers: { 'Content-Disposition': 'attachment; filename="swarm-alert-my-data.json"' } },
      503: unavailable('A service holding part of it is unavailable.'),
    },
  }),
  listMemberCompanies: route({
    method: 'GET',
    path: '/api/member/company',
    tag: 'associations',
    session: true,
    summary: "The member's associations.",
    responses: { 200: { description: 'The associations.', body: memberCompanies } },
  }),
  joinAssociation: route({
    method: 'POST',
    path: '/api/member/company',
    tag: 'associations',
    session: true,
    summary: 'Join an association (or be active in it again) with its activation code.',
    body: joinAssociationRequest,
    responses: {
      200: { description: "'Successfully joined association.'", body: associationJoined },
      400: refusal('Not 8 letters and digits.'),
      404: refusal("'Invalid activation code.'"),
      409: refusal("'You are already a member of this association.'"),
      429: refusal('Too many wrong codes.'),
    },
  }),
  leaveAssociation: route({
    method: 'DELETE',
    path: '/api/member/company/{companyId}',
    tag: 'associations',
    session: true,
    summary: 'Leave an association.',
    params: companyParams,
    responses: { 200: { description: "The spec's message, 'Successfully joined association.' (sic).", body: messageBody }, 404: refusal("'Company not found.'") },
  }),
  getAssociationStatistics: route({
    method: 'GET',
    path: '/api/member/company/{companyId}/statistics',
    tag: 'associations',
    session: true,
    summary: "An association's figures per week and for the whole period, for its admins.",
    params: companyParams,
    query: statisticsQuery,
    responses: {
      200: { description: 'The figures (Cache-Control: no-store).', body: associationStatistics },
      400: refusal('A date that is not a real day, since after until, or a period over 2 years.'),
      403: refusal('Not an admin of the association, or no such association.'),
      503: unavailable(),
    },
  }),
  getAssociationMap: route({
    method: 'GET',
    path: '/api/member/company/{companyId}/map',
    tag: 'associations',
    session: true,
    summary: "An association's reports, how fast they were claimed and the unserved demand around them, by H3 cell, for its admins.",
    params: companyParams,
    query: statisticsQuery,
    responses: {
      200: { description: 'The cells (Cache-Control: no-store).', body: associationMap },
      400: refusal('A date that is not a real day, since after until, or a period over 2 years.'),
      403: refusal('Not an admin of the association, or no such association.'),
      503: unavailable(),
    },
  }),
  listAssociationReports: route({
    method: 'GET',
    path: '/api/member/company/{companyId}/reports',
    tag: 'associations',
    session: true,
    summary: "An association's reports over a period, one row each (its H3 cell, size, height, time to claim, outcome, alerts and cost; nothing of the reporter's), for its admins to export.",
    params: companyParams,
    query: statisticsQuery,
    responses: {
      200: { description: 'The reports, oldest first (Cache-Control: no-store).', body: associationReports },
      400: refusal('A date that is not a real day, since after until, or a period over 2 years.'),
      403: refusal('Not an admin of the association, or no such association.'),
      503: unavailable(),
    },
  }),
  getAlertChannels: route({
    method: 'GET',
    path: '/api/member/alert-channels',
    tag: 'alert channels',
    session: true,
    summary: 'How the member is alerted, and their devices.',
    responses: { 200: { description: 'The channels and devices.', body: alertChannels } },
  }),
  updateAlertChannels: route({
    method: 'PUT',
    path: '/api/member/alert-channels',
    tag: 'alert channels',
    session: true,
    summary: 'Turn channels on or off; those left out keep their value.',
    body: alertChannelsChange,
    responses: { 200: { description: 'The channels as they now are.', body: alertChannels }, 400: refusal('Not booleans, or no channel would be left on.') },
  }),
  addPushDevice: route({
    method: 'POST',
    path: '/api/member/devices',
    tag: 'alert channels',
    session: true,
    summary: "Keep a browser's push subscription as a device of the member.",
    body: newPushDevice,
    responses: {
      201: { description: 'The device.', body: pushDevice },
      400: refusal('Another shape, or a subscription or name the member service will not keep.'),
      409: refusal('Already 10 devices.'),
      413: refusal('A body over 4 KB.'),
    },
  }),
  removePushDevice: route({
    method: 'DELETE',
    path: '/api/member/devices/{deviceId}',
    tag: 'alert channels',
    session: true,
    summary: 'Remove a device.',
    params: deviceParams,
    responses: { 204: { description: 'Removed.' }, 404: refusal("'Device not found.'") },
  }),
  sendTestAlert: route({
    method: 'POST',
    path: '/api/member/test-alert',
    tag: 'alert channels',
    session: true,
    summary: 'Send the member a test alert on each channel they chose, charged to nobody.',
    responses: {
      202: { description: 'The channels it went on.', body: testAlertSent },
      404: refusal('The notification service does not know the member.'),
      409: refusal('None of the chosen ways reaches the member yet.'),
      429: tooMany('Too many test alerts from this client this hour.'),
    },
  }),
  getClaimAlert: route({
    method: 'GET',
    path: '/api/alerts/claim/{token}',
    tag: 'claim links',
    summary: 'The alert of a claim link, as the claim page shows it (no session: the token is the proof).',
    params: claimTokenParams,
    responses: {
      200: { description: 'The alert (Cache-Control: no-store).', body: claimAlert },
      404: refusal("'This claim link is not valid.'"),
      410: refusal("'This swarm can no longer be claimed.'"),
      429: tooMany('Too many claim requests from this client this hour.'),
    },
  }),
  getClaimAlertThumbnail: route({
    method: 'GET',
    path: '/api/alerts/claim/{token}/thumbnail',
    tag: 'claim links',
    summary: "The swarm's thumbnail, read with the claim token while the report can be claimed.",
    params: claimTokenParams,
    responses: {
      200: jpeg('The thumbnail (Cache-Control: private, max-age=3600).'),
      404: refusal('A bad token, or no picture.'),
      410: refusal("'This swarm can no longer be claimed.'"),
      429: tooMany('Too many claim requests from this client this hour.'),
    },
  }),
  claimWithToken: route({
    method: 'POST',
    path: '/api/alerts/claim',
    tag: 'claim links',
    summary: 'Claim the report for the member the token was issued to; the token serves once, and again answers the first outcome.',
    body: claimRequest,
    responses: {
      200: { description: 'The outcome (Cache-Control: no-store).', body: claimAnswer },
      400: refusal("'Send the claim token of the alert.'"),
      404: refusal("'This claim link is not valid.'"),
      410: refusal("'This swarm can no longer be claimed.'"),
      413: refusal('A body over 2 KB.'),
      429: tooMany('Too many claim requests from this client this hour.'),
    },
  }),
  listActiveReports: route({
    method: 'GET',
    path: '/api/member/report/active',
    tag: 'member reports',
    session: true,
    summary: 'The active reports the member was alerted about.',
    responses: { 200: { description: 'The reports.', body: activeReports } },
  }),
  listClaimedReports: route({
    method: 'GET',
    path: '/api/member/report/claimed',
    tag: 'member reports',
    session: true,
    summary: 'The reports the member claimed, also once their claim closed.',
    responses: { 200: { description: 'The reports.', body: claimedReports } },
  }),
  claimReport: route({
    method: 'GET',
    path: '/api/member/report/{id}/claim',
    tag: 'member reports',
    session: true,
    summary: 'Claim a report the member was alerted about (a GET, as the spec has it; refused cross-site).',
    params: memberReportParams,
    responses: {
      200: { description: "'Successfully claimed report!'", body: messageBody },
      403: refusal('A cross-site request.'),
      404: refusal('Not found, or the member was not alerted about it.'),
      409: refusal('Already claimed.'),
    },
  }),
  unclaimReport: route({
    method: 'PUT',
    path: '/api/member/report/unclaim',
    tag: 'member reports',
    session: true,
    summary: 'Give a claimed report back, within 72 hours of the claim.',
    body: unclaimRequest,
    responses: {
      200: { description: "'Report has been unclaimed'", body: messageBody },
      400: refusal('No valid report id.'),
      404: refusal("Unknown, or another member's claim."),
      409: refusal('Not claimed, or past 72 hours.'),
    },
  }),
  markReportBad: route({
    method: 'PUT',
    path: '/api/member/report/bad',
    tag: 'member reports',
    session: true,
    summary: "Mark a claimed report as bad with one of the spec's reasons, within 72 hours of the claim.",
    body: markBadRequest,
    responses: {
      200: { description: "'Report has been marked as bad'", body: messageBody },
      400: refusal('No valid report id, or an unknown reason.'),
      404: refusal("Unknown, or another member's claim."),
      409: refusal('Not claimed, or past 72 hours.'),
    },
  }),
  recordOutcome: route({
    method: 'POST',
    path: '/api/member/report/{id}/outcome',
    tag: 'member reports',
    session: true,
    summary: 'Record or change what became of a swarm the member claimed.',
    params: memberReportParams,
    body: outcomeRequest,
    responses: {
      200: { description: "'The outcome has been recorded.'", body: messageBody },
      400: refusal('A missing or unknown outcome.'),
      404: refusal('An unknown report, or not the claimer.'),
    },
  }),
  getReportImage: route({
    method: 'GET',
    path: '/api/member/report/{id}/image',
    tag: 'member reports',
    session: true,
    summary: "A report's picture, to members alerted about it.",
    params: memberReportParams,
    query: reportImageQuery,
    responses: { 200: jpeg('The picture (Cache-Control: private).'), 404: refusal('Not found, not alerted about it, or no picture.') },
  }),
  receiveSms: route({
    method: 'POST',
    path: '/api/sms/inbound',
    tag: 'operations',
    summary: "Twilio's messaging webhook; answers TwiML.",
    body: inboundSmsForm,
    bodyType: 'application/x-www-form-urlencoded',
    responses: {
      200: { description: 'The reply to text back, as TwiML.', contentType: 'text/xml', body: z.string() },
      400: refusal('No valid MessageSid, or a Body over 1600 characters.'),
      403: refusal('No valid X-Twilio-Signature.'),
      415: refusal('Not form-encoded.'),
    },
  }),
  getDevOutbox: route({
    method: 'GET',
    path: '/api/dev/outbox',
    tag: 'operations',
    summary: 'What the product would have sent (emails, SMS, notifications), on this machine only where the dev outbox runs.',
    responses: { 200: { description: 'The outbox, newest first.', body: devOutbox }, 404: refusal('Not from this machine, or no dev outbox.') },
  }),
} as const satisfies Record<string, ApiRoute>;

export type ApiRoutes = typeof apiRoutes;
export type ApiRouteName = keyof ApiRoutes;
