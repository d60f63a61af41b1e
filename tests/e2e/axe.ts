import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The rules WCAG 2.2 AA asks for (axe-core's tags), best practices left out. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Serious and critical WCAG violations axe-core (Deque's auditor) finds on the page as it is now;
 * `rules` narrows the audit to those rule ids.
 */
export async function axeFindings(page: Page, exclude: string[] = [], rules?: string[]): Promise<AxeFinding[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  // Only these rules (a second pass in another colour scheme needs only the colour rules).
  if (rules) builder = builder.withRules(rules);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    }));
}

/**
 * Fails the test when axe-core finds a serious or critical violation on the page; `screen` names
 * the screen and state in the failure, so the report reads as a list of what to fix.
 */
export async function expectAccessible(page: Page, screen: string, exclude: string[] = []): Promise<void> {
  const findings = await axeFindings(page, exclude);
  expect(findings, `${screen}: ${JSON.stringify(findings, null, 1)}`).toEqual([]);
}
