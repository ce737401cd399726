import { readFileSync } from 'node:fs';
import { expect, gameUrl, lookByEye, playIn, test } from './support';

// The games here call the arcade from their frame (support.ts, `gameApi`).
test.use({ gameApi: true });

// Mr Quiz's flags and lines on why (README, "Mr Quiz's questions"): flags are pictures (an emoji
// flag is invisible without an emoji font and two letters on Windows), and after each answer the
// server's line on why shows under the verdict. The run's first two questions are swapped for a
// flag question and a find-the-flag one in the ticket the game receives (the seed cannot be
// chosen); the answers still go to the server, whose verdicts and lines come back as they are.

const flag = (code: string) =>
  `data:image/svg+xml;base64,${readFileSync(`node_modules/country-flag-icons/3x2/${code}.svg`).toString('base64')}`;

for (const width of [1366, 360]) {
  test(`flags are drawn as pictures and each answer says why (${width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width > 400 ? 800 : 740 });
    await page.route('**/api/games/mr-quiz/runs/start', async (route) => {
      const response = await route.fetch();
      const ticket = await response.json();
      ticket.questions[0] = {
        topic: 'Flags',
        q: 'Which country of Western Europe has this flag?',
        image: flag('FR'),
        answers: ['Belgium', 'France', 'Netherlands', 'Luxembourg'],
      };
      ticket.questions[1] = {
        topic: 'Find the flag',
        q: 'Which of these is the flag of Japan?',
        pictures: true,
        answers: ['KR', 'JP', 'CN', 'MN'].map(flag),
      };
      await route.fulfill({ response, json: ticket });
    });
    const { frame } = await playIn(page, `Flag_Fan_${width}_${test.info().repeatEachIndex}`, {
      url: '/arcade-games/mr-quiz/',
      name: 'Mr Quiz',
    });
    await frame.getByRole('button', { name: /^play/i }).first().click();
    await expect(frame.locator('body')).toHaveAttribute('data-question', '1');
    const image = frame.locator('#q-image');
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // No emoji flag (regional indicators) and no country code anywhere the player can read.
    const text = await frame.locator('body').innerText();
    expect(text).not.toMatch(/\p{Regional_Indicator}/u);
    expect(await image.getAttribute('src')).not.toMatch(/FR|fr\.svg|france/i);
    await lookByEye(page, { path: test.info().outputPath(`quiz-flag-${width}.png`) });
    await frame.locator('.answer').nth(1).click();
    await expect(frame.locator('#q-feedback')).toHaveText(/^(Correct!|Wrong! The answer was)/);
    // The line on why is the server's, for the question it asked (the swapped one only looks different).
    await expect(frame.locator('#q-why')).toHaveText(/\S.{4,}/);
    await lookByEye(page, { path: test.info().outputPath(`quiz-why-${width}.png`) });

    await expect(frame.locator('body')).toHaveAttribute('data-question', '2');
    await expect(frame.locator('#q-image')).toBeHidden();
    const pictures = frame.locator('.answer img');
    await expect(pictures).toHaveCount(4);
    for (let i = 0; i < 4; i++) {
      await expect(pictures.nth(i)).toBeVisible();
      expect(await pictures.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
        true,
      );
    }
    await expect(frame.getByRole('button', { name: 'B: flag B' })).toBeVisible();
    await lookByEye(page, { path: test.info().outputPath(`quiz-pictures-${width}.png`) });
    await frame.locator('.answer').nth(1).click();
    await expect(frame.locator('#q-feedback')).toHaveText(/^(Correct!|Wrong! The answer was flag [A-D])/);
  });
}

for (const width of [1366, 360]) {
  test(`the practice quiz (signed out) says why after each answer too (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 400 ? 800 : 740 });
    await page.goto(gameUrl('/arcade-games/mr-quiz/'));
    await page.getByRole('button', { name: 'PLAY', exact: true }).click();
    await expect(page.locator('body')).toHaveAttribute('data-question', '1');
    const question = (await page.locator('#q-text').textContent())!;
    // the practice questions' own lines, by their text
    const { WHY } = (await import('../../games/mr-quiz/questions.js')) as { WHY: Record<string, string> };
    expect(WHY[question]).toBeTruthy();
    await page.locator('.answer').first().click();
    await expect(page.locator('#q-feedback')).toHaveText(/^(Correct!|Wrong! The answer was)/);
    await expect(page.locator('#q-why')).toHaveText(WHY[question]!);
    await lookByEye(page, { path: test.info().outputPath(`quiz-practice-why-${width}.png`) });
    // and the next question comes, its line cleared until it is answered
    await expect(page.locator('body')).toHaveAttribute('data-question', '2');
    await expect(page.locator('#q-why')).toHaveText('');
  });
}
