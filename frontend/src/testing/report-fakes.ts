import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { jsonResponse, type FakeHandler } from './fake-api';

export const pickedAddress = '12 Oak St, Portland, OR, USA';

/** The places autocomplete as the offline geocoder answers it. */
export const placesHandler: FakeHandler = ({ query }) =>
  jsonResponse({
    suggestions: (query.get('input') ?? '').toLowerCase().includes('oak')
      ? [
          { description: pickedAddress, placeId: 'offline:1' },
          { description: '12 Oak St, Portland, ME, USA', placeId: 'offline:2' },
        ]
      : [],
  });

export async function pickAddress(user: UserEvent) {
  await user.type(screen.getByRole('combobox', { name: 'Address' }), '12 Oak St');
  await user.click(await screen.findByRole('option', { name: pickedAddress }));
}

export interface ReportAnswers {
  name?: string;
  phone?: string;
  size?: string;
  elevation?: string;
}

/** Fills the report form as a reporter who came straight to /report (so size and elevation are asked). */
export async function fillReportForm(user: UserEvent, answers: ReportAnswers = {}) {
  const { name = 'Ada Lovelace', phone = '5035550123', size = 'Basketball', elevation = '12' } = answers;
  if (name) await user.type(screen.getByRole('textbox', { name: 'Name' }), name);
  if (phone) await user.type(screen.getByRole('textbox', { name: 'Phone' }), phone);
  await pickAddress(user);
  const sizeSelect = screen.queryByRole('combobox', { name: 'Size' });
  if (sizeSelect && size) await user.selectOptions(sizeSelect, size);
  const elevationInput = screen.queryByRole('spinbutton', { name: /Elevation/ });
  if (elevationInput && elevation) await user.type(elevationInput, elevation);
}

/** The text fields of a multipart body, as the gateway would read them. */
export function formFields(body: BodyInit | null | undefined): Record<string, string> {
  if (!(body instanceof FormData)) throw new Error('expected a multipart body');
  const fields: Record<string, string> = {};
  body.forEach((value, key) => {
    fields[key] = typeof value === 'string' ? value : `file:${value.name}`;
  });
  return fields;
}
