import { describe, expect, it } from 'vitest';
import { associationAdminUrl } from './admin-url';

describe('associationAdminUrl', () => {
  it('puts the encoded company id into the template', () => {
    expect(associationAdminUrl('c/1', 'https://admin.example.org/company/{companyId}')).toBe('https://admin.example.org/company/c%2F1');
  });

  it.each([undefined, '', 'https://admin.example.org/company', 'javascript:alert({companyId})'])('gives no link for the template %j', (template) => {
    expect(associationAdminUrl('c-1', template)).toBeUndefined();
  });
});
