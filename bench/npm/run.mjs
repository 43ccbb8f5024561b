// Lighthouse on a list of pages in one headless Chromium (bench/lighthouse.py starts the site).
//   node run.mjs BASE_URL CATEGORIES PATH...   (CATEGORIES: comma-separated, e.g. seo,best-practices)
// Prints one JSON line per page: its scores (0–100) and every audit that did not pass.
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";

const [base, categories, ...paths] = process.argv.slice(2);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
  ],
});
try {
  for (const path of paths) {
    const onlyCategories = path.startsWith("!") ? categories.split(",").filter((c) => c !== "seo") : categories.split(",");
    const url = base + path.replace(/^!/, "");
    const result = await lighthouse(url, {
      port: chrome.port, output: "json", logLevel: "error", onlyCategories,
      formFactor: "mobile", screenEmulation: { mobile: true, width: 390, height: 844, deviceScaleFactor: 2, disabled: false },
    });
    const lhr = result.lhr;
    const scores = Object.fromEntries(Object.entries(lhr.categories).map(([id, c]) => [id, Math.round(c.score * 100)]));
    const failed = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && ["binary", "numeric"].includes(a.scoreDisplayMode))
      .map((a) => `${a.id}: ${a.title}`);
    console.log(JSON.stringify({ path: url.slice(base.length), scores, failed, errors: lhr.runtimeError || null }));
  }
} finally {
  await chrome.kill();
}
