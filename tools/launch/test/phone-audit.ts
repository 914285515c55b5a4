import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** The two phones the product is checked on: a common large one and a small Android. */
export const phoneViewports = [
  { name: '390x844', viewport: { width: 390, height: 844 } },
  { name: '360x740', viewport: { width: 360, height: 740 } },
] as const;

export const phoneContext = (viewport: { width: number; height: number }) => ({ viewport, isMobile: true, hasTouch: true });

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type AxeFinding = { state: string; rule: string; impact: string; help: string; targets: string[] };

/**
 * Runs axe-core in the page as it is now (open dialogs included) with the WCAG 2.1 A/AA rules and best practices,
 * and returns every finding with its impact. The script is evaluated through the DevTools protocol, so the page's
 * Content-Security-Policy (no inline script) stays in force for the app itself.
 */
export async function axeFindings(page: Page, state: string): Promise<AxeFinding[]> {
  const loaded = await page.evaluate<boolean>('typeof window.axe === "object"');
  if (!loaded) await page.evaluate(axeSource);
  const results = await page.evaluate<{ id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[]>(`(async () => {
    const result = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target.map(String) })) }));
  })()`);
  return results.map((violation) => ({
    state,
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    targets: violation.nodes.flatMap((node) => node.target).slice(0, 5),
  }));
}

/**
 * Every axe finding (any impact) inside the section whose heading starts with `heading`, and the serious or critical
 * ones anywhere on the page, each as one line naming the state.
 */
export async function accessibilityProblemsIn(page: Page, heading: string, state: string): Promise<string[]> {
  const findings = await axeFindings(page, state);
  const targets = JSON.stringify(findings.flatMap((finding) => finding.targets));
  const inSection = await page.evaluate<string[]>(`(() => {
    const section = [...document.querySelectorAll('section')].find((element) => element.querySelector('h2')?.textContent?.startsWith(${JSON.stringify(heading)}));
    return ${targets}.filter((target) => {
      const element = document.querySelector(target);
      return Boolean(section && element && section.contains(element));
    });
  })()`);
  return findings
    .filter((finding) => finding.impact === 'serious' || finding.impact === 'critical' || finding.targets.some((target) => inSection.includes(target)))
    .map((finding) => `${state}: ${finding.rule} (${finding.impact}) ${finding.targets.join(', ')}`);
}

export const isSeriousOrCritical = (finding: AxeFinding) => finding.impact === 'serious' || finding.impact === 'critical';

/**
 * Interactive elements on screen smaller than 44 × 44 CSS pixels. A link inside a sentence is exempt (WCAG 2.5.8's
 * inline exception), and so is a radio or checkbox whose label around it is the 44 px target.
 */
export function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="switch"], [role="option"], [tabindex="0"]';
    // A link in running text: its parent also holds words of its own (a text node beside the link).
    const inSentence = (element) =>
      element.tagName === 'A' && [...(element.parentElement?.childNodes ?? [])].some((node) => node.nodeType === 3 && node.textContent.trim() !== '');
    const big = (rect) => Math.round(rect.width) >= 44 && Math.round(rect.height) >= 44;
    return [...document.querySelectorAll(selector)]
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) return false;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || element.closest('[hidden], [aria-hidden="true"]')) return false;
        if (big(rect) || inSentence(element)) return false;
        if ((element.type === 'radio' || element.type === 'checkbox') && element.closest('label') && big(element.closest('label').getBoundingClientRect())) return false;
        return true;
      })
      .map((element) => {
        const rect = element.getBoundingClientRect();
        const name = element.getAttribute('aria-label') || (element.textContent || '').trim().slice(0, 40) || element.outerHTML.slice(0, 60);
        return element.tagName.toLowerCase() + ' "' + name + '" ' + Math.round(rect.width) + 'x' + Math.round(rect.height);
      });
  })()`);
}

/**
 * How far the document, and every section, card list or table box, is wider than its own box: a phone must never
 * scroll sideways, and a section's content must fit its width (the wide table scrolls inside its own box only).
 */
export function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const found = [];
    const page = document.documentElement.scrollWidth - window.innerWidth;
    if (page > 0) found.push('document ' + page + 'px');
    for (const element of document.querySelectorAll('main section, main article, [data-testid="report-cards-scroll"], [data-testid="report-card"]')) {
      const extra = element.scrollWidth - element.clientWidth;
      if (extra > 1) found.push((element.id || element.getAttribute('aria-label') || element.tagName) + ' ' + extra + 'px');
      const rect = element.getBoundingClientRect();
      if (rect.right > window.innerWidth + 1) found.push((element.id || element.tagName) + ' ends at ' + Math.round(rect.right));
    }
    return found;
  })()`);
}

/** Whether two elements' boxes on screen overlap. */
export async function overlaps(page: Page, first: string, second: string): Promise<boolean> {
  return page.evaluate<boolean>(`(() => {
    const a = document.querySelector(${JSON.stringify(first)})?.getBoundingClientRect();
    const b = document.querySelector(${JSON.stringify(second)})?.getBoundingClientRect();
    if (!a || !b || a.width === 0 || b.width === 0) return false;
    return a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
  })()`);
}
