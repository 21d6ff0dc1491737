import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { type Stop, WALK_PARTS, walk } from './route-walk';

/**
 * Every page of the app, for each user type, has no serious or critical axe violation (WCAG 2.x A
 * and AA rules), exactly one h1 and no icon named in English (issue 15, item 7).
 */
/** The little of the DOM's animation API the walk reads (the e2e project has no DOM types). */
interface AnimatedDocument {
  document: { getAnimations(): Array<{ playState: string; effect: { getComputedTiming(): { endTime?: number | string } } | null }> };
}

// The parts are independent (each signs in and opens its own pages): both workers may take them.
test.describe.configure({ mode: 'parallel' });

for (const w of WALK_PARTS) {
  test(`axe finds no serious or critical violation on any page (${w.name})`, async ({ page }) => {
    test.setTimeout(240_000);
    const problems: string[] = [];
    await walk(page, w, async (stop: Stop) => {
      const where = stop.label ?? stop.path;
      // The pointer stays where the walk last clicked: a button now under it would be judged in its hover colours.
      await page.mouse.move(0, 0);
      // A button enabled as its data arrives fades from grey to its colour (antd's 0.2 s transition): judge it once settled.
      await page.waitForFunction(
        () =>
          (globalThis as unknown as AnimatedDocument).document
            .getAnimations()
            .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
        undefined,
        { timeout: 10_000 },
      );
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical'))
        problems.push(
          `${where}: ${v.id} (${v.impact}) × ${v.nodes.length}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(' | ')}`,
        );
      // Icons read in Spanish or not at all: no English file name ("eye", "check-circle") is left.
      const english = await page
        .locator('span.anticon[role="img"][aria-label]')
        .evaluateAll((els) =>
          els.map((e) => e.getAttribute('aria-label') ?? '').filter((l) => /^[a-z]+(-[a-z]+)*$/.test(l) && l !== 'hasta'),
        );
      if (english.length) problems.push(`${where}: icons named in English: ${[...new Set(english)].join(', ')}`);
      const h1 = await page.locator('h1').count();
      if (h1 !== 1) problems.push(`${where}: ${h1} h1`);
    });
    expect(problems).toEqual([]);
  });
}
