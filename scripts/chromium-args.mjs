// How every test and benchmark starts Debian's Chromium: headless, on a machine without a network
// (nothing may phone home or download), and without the desktop's omnibox popup, a page of the
// browser's own that Chromium renders in a renderer of its own beside the tested page — CPU a
// phone's browser does not spend, taken from the page on a machine of two cores.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
];
