// Dates are written in the user's locale (@cc/contracts/dates). jsdom says en-US; the tests read
// the product's British forms, as the Playwright journeys do (locale en-GB in their config).
if (typeof navigator !== 'undefined') {
  Object.defineProperty(navigator, 'language', { value: 'en-GB', configurable: true });
  Object.defineProperty(navigator, 'languages', { value: ['en-GB'], configurable: true });
}
