import { join } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedProduct } from '../src/embedded.js';
import { buildFrontend, launchChromium, screenshots } from './browser-harness.js';
import { axeFindings, horizontalOverflow, isSeriousOrCritical, phoneContext, type AxeFinding } from './phone-audit.js';

/** A small Android phone whose owner reads Spanish: the browser says so, and the site answers in Spanish. */
const spanishPhone = { ...phoneContext({ width: 360, height: 740 }), locale: 'es-MX' };

const association = { name: 'Portland Beekeepers', donationUrl: 'https://portlandbees.example/donate' };

/** A funded association with one member living in Portland, OR: reports in Portland are covered, elsewhere not. */
async function seedPortlandBeekeeper(product: EmbeddedProduct): Promise<void> {
  const { member, associationBilling } = product.clients;
  const created = (await member.ensureMember({ email: 'keeper@example.com' })).member;
  if (!created) throw new Error('no member created');
  await member.updateMemberInformation({ memberId: created.memberId, name: 'Kim Keeper', phoneNumber: '5035550199', address: 'Portland, OR, USA' });
  const company = (await associationBilling.createAssociation({ companyName: association.name, donationUrl: association.donationUrl })).association;
  if (!company) throw new Error('no association created');
  const { activationCode } = await associationBilling.issueActivationCode({ companyId: company.companyId });
  await associationBilling.joinAssociation({ memberId: created.memberId, activationCode });
  await associationBilling.topUp({ companyId: company.companyId, amountCents: 2_000 });
}

const htmlLang = (page: Page) => page.evaluate<string>('document.documentElement.lang');

async function fillReport(page: Page, street: string, town: string) {
  await page.getByLabel('Nombre').fill('Lupita Reyes');
  await page.getByLabel('Teléfono').fill('5035550123');
  await page.getByRole('combobox', { name: 'Dirección' }).pressSequentially(`${street}, ${town}`, { delay: 20 });
  await page.getByRole('option').filter({ hasText: `${street}, ${town}` }).first().click();
}

describe('the reporter journey in Spanish on a 360 px phone, against the embedded product', () => {
  let product: EmbeddedProduct;
  let browser: Browser;
  let baseUrl: string;
  const findings: AxeFinding[] = [];

  /** Audits the page as it is: every finding kept, the page must not scroll sideways, nor the switch cover the brand. */
  async function audit(page: Page, state: string) {
    findings.push(...(await axeFindings(page, state)));
    expect(await horizontalOverflow(page), state).toEqual([]);
    expect(await switchCoversBrand(page), state).toBe(false);
    await page.screenshot({ path: join(screenshots, `spanish-${state.replace(/[^a-z0-9]+/gi, '-')}.png`), fullPage: true });
  }

  /** Whether the language switch and the header's brand link share any pixel (the switch drawn over the site's name). */
  async function switchCoversBrand(page: Page): Promise<boolean> {
    return page.evaluate<boolean>(`(() => {
      const brand = document.querySelector('header a')?.getBoundingClientRect();
      const languageSwitch = [...document.querySelectorAll('nav')].find((nav) => nav.querySelector('button[lang]'))?.getBoundingClientRect();
      if (!brand || !languageSwitch) return false;
      return brand.left < languageSwitch.right && languageSwitch.left < brand.right && brand.top < languageSwitch.bottom && languageSwitch.top < brand.bottom;
    })()`);
  }

  beforeAll(async () => {
    product = await startEmbedded({ env: { PORT: '0', STATIC_DIR: buildFrontend({ NODE_ENV: 'production' }) }, loggerFor: () => pino({ level: 'silent' }) });
    baseUrl = `http://127.0.0.1:${product.port}`;
    await seedPortlandBeekeeper(product);
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('identifies, validates and reports a swarm in Spanish, sending the language with the report', { timeout: 120_000 }, async () => {
    const context = await browser.newContext(spanishPhone);
    const page = await context.newPage();
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/report') posted.push(request.postData() ?? '');
    });

    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: '¿Encontró un enjambre de abejas melíferas?' }).waitFor();
    expect(await htmlLang(page)).toBe('es');
    expect(await page.title()).toBe('Swarm Alert | Reporte un enjambre de abejas melíferas');
    expect(await page.getByRole('button', { name: 'Español' }).getAttribute('aria-pressed')).toBe('true');
    await audit(page, 'landing');

    await page.getByRole('link', { name: 'Reportar un enjambre' }).click();
    await page.getByRole('heading', { name: '¿Las abejas forman un enjambre (un racimo)?' }).waitFor();
    expect(await page.getByText('Paso 1 de 4').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'No', exact: true }).click();
    const wasps = page.getByRole('dialog', { name: 'Podrían ser avispas' });
    await wasps.waitFor();
    expect(await wasps.textContent()).toContain('Las avispas son buenas para el medio ambiente');
    await audit(page, 'wasp dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('button', { name: 'Sí' }).click();
    await page.getByRole('heading', { name: '¿De qué tamaño es el enjambre, más o menos?' }).waitFor();
    await audit(page, 'size');
    await page.getByRole('button', { name: 'Pelota de básquetbol' }).click();
    await page.getByRole('heading', { name: '¿El enjambre está por encima del suelo?' }).waitFor();
    await page.getByRole('button', { name: 'Sí' }).click();
    await page.getByRole('heading', { name: '¿A qué altura está el enjambre, más o menos?' }).waitFor();
    await page.getByLabel('Altura sobre el suelo (pies)').fill('8');
    await audit(page, 'elevation');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reportar un enjambre' }).waitFor();

    // Nothing filled in: every broken rule, in Spanish, under 'Errores:'.
    await page.getByRole('button', { name: '¡Reportar!' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Errores:' });
    await summary.waitFor();
    expect(await summary.getByRole('listitem').allTextContents()).toEqual([
      'Debe completar todos los campos',
      'Elija una dirección de la lista desplegable. (Puede tardar unos segundos en cargarse después de que empiece a escribir).',
    ]);
    await page.getByLabel('Teléfono').fill('555');
    await page.getByRole('button', { name: '¡Reportar!' }).click();
    await expect.poll(() => summary.getByRole('listitem').allTextContents()).toContain('El teléfono no es válido (10 dígitos, solo números)');
    await audit(page, 'report form errors');
    expect(posted).toEqual([]);

    await fillReport(page, '12 Oak St', 'Portland');
    await page.getByRole('button', { name: '¡Reportar!' }).click();
    await page.waitForURL(/\/success\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Gracias por su reporte' }).waitFor();
    await page.getByRole('link', { name: association.name }).waitFor();
    expect(await page.getByText('El enjambre fue reportado').count()).toBe(1);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatch(/name="reporterLanguage"\r\n\r\nes\r\n/);
    await audit(page, 'success');
    await context.close();
  });

  it('asks in Spanish before a second report at the same address, and points elsewhere when nobody covers it', { timeout: 120_000 }, async () => {
    const context = await browser.newContext(spanishPhone);
    const page = await context.newPage();
    for (const attempt of [1, 2]) {
      await page.goto(`${baseUrl}/report`);
      await fillReport(page, '7 Hive Rd', 'Portland');
      await page.getByLabel('Tamaño').selectOption({ label: 'Pelota de softbol' });
      await page.getByLabel(/^Altura/).fill('5');
      await page.getByRole('button', { name: '¡Reportar!' }).click();
      if (attempt === 1) await page.waitForURL(/\/success\//);
    }
    const dialog = page.getByRole('alertdialog', { name: 'Envíe solo un reporte por enjambre.' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('¿Está seguro de que quiere enviar otro reporte?');
    await audit(page, 'duplicate dialog');
    await dialog.getByRole('button', { name: 'No', exact: true }).click();

    await page.goto(`${baseUrl}/report`);
    await fillReport(page, '3 Pine Ave', 'Boise');
    await page.getByLabel('Tamaño').selectOption({ label: 'Muy grande' });
    await page.getByLabel(/^Altura/).fill('10');
    await page.getByRole('button', { name: '¡Reportar!' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'No encontramos apicultores disponibles que usen nuestro servicio en su zona.' });
    await toast.waitFor();
    expect(await toast.getByRole('link', { name: 'Busque apicultores cerca de usted' }).isVisible()).toBe(true);
    await audit(page, 'no beekeepers');
    await context.close();
  });

  it('switches to English and back on every reporter page, remembered across visits, <html lang> following', { timeout: 120_000 }, async () => {
    const context = await browser.newContext(spanishPhone);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/privacy`);
    await page.getByRole('heading', { level: 1, name: 'Política de privacidad' }).waitFor();
    // The period the gateway serves, counted in Spanish (ICU plural).
    await expect.poll(() => page.getByText(/\b30 días\b.*después de que termina un reporte/).count()).toBe(1);
    await audit(page, 'privacy');

    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    // Remembered on the device: the next visit is English although the browser prefers Spanish.
    await page.goto(`${baseUrl}/tos`);
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    expect(await htmlLang(page)).toBe('en');

    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByRole('heading', { level: 1, name: 'Términos del servicio' }).waitFor();
    expect(await htmlLang(page)).toBe('es');
    await audit(page, 'terms');
    await page.goto(`${baseUrl}/about`);
    await page.getByRole('heading', { level: 1, name: 'Cómo funciona' }).waitFor();
    await audit(page, 'about');

    // The feedback form, in Spanish, with its own check.
    await page.getByRole('button', { name: 'Comentarios' }).click();
    const feedback = page.getByRole('dialog', { name: 'Comentarios' });
    await feedback.waitFor();
    await feedback.getByRole('button', { name: 'Enviar' }).click();
    await feedback.getByText('Complete los siguientes campos obligatorios: Mensaje').waitFor();
    // Colours are read once the dialog's transitions are over, not halfway through a fade.
    await page.evaluate('Promise.all(document.getAnimations().map((animation) => animation.finished))');
    await audit(page, 'feedback');

    // Pages that stay English say so, and offer no switch.
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Idioma' }).count()).toBe(0);
    expect(await page.evaluate<string>('document.querySelector("main").closest("[lang]").getAttribute("lang")')).toBe('en');
    await context.close();
  });

  it('has no serious or critical axe finding, and none about the language of the page or its parts', () => {
    expect(findings.filter(isSeriousOrCritical)).toEqual([]);
    expect(findings.filter((finding) => ['html-has-lang', 'html-lang-valid', 'html-xml-lang-mismatch', 'valid-lang'].includes(finding.rule))).toEqual([]);
  });
});
