// The labels check's scan, run in the page (plain JavaScript: the test's tsconfig has no DOM). It
// lists what a user cannot read at the current size: buttons showing only an icon (no letter or
// digit) without an accessible name and a tooltip, text cut with an ellipsis that has no tooltip
// saying it whole, and tab strips that wrapped onto a second row.

export const LABEL_SCAN = `(() => {
  const name = (el) =>
    el.tagName.toLowerCase() + [...el.classList].map((c) => '.' + c).join('') +
    (el.getAttribute('data-testid') ? '[' + el.getAttribute('data-testid') + ']' : '') +
    ' "' + (el.textContent || '').trim().slice(0, 30) + '"';
  const shown = (el) => {
    const style = getComputedStyle(el);
    return style.display !== 'none' && style.visibility !== 'hidden' && el.getClientRects().length > 0;
  };
  const found = [];
  for (const el of document.querySelectorAll('[data-testid="workbench"] button, [data-testid="workbench"] [role="button"], [data-testid="workbench"] [role="tab"]')) {
    if (el.closest('.monaco-editor') || !shown(el)) continue;
    const text = (el.textContent || '').trim();
    if (/[\\p{L}\\p{N}]/u.test(text)) continue;
    const label = el.getAttribute('aria-label') || el.getAttribute('aria-labelledby');
    if (!label || !el.getAttribute('title')) found.push('icon without ' + (label ? 'tooltip' : 'accessible name') + ': ' + name(el));
  }
  for (const el of document.querySelectorAll('[data-testid="workbench"] *')) {
    if (!(el instanceof HTMLElement) || el.closest('.monaco-editor, svg') || !shown(el)) continue;
    if (getComputedStyle(el).textOverflow !== 'ellipsis' || el.scrollWidth <= el.clientWidth + 1) continue;
    if (!el.closest('[title]')) found.push('cut without tooltip: ' + name(el));
  }
  for (const list of document.querySelectorAll('[data-testid="workbench"] [role="tablist"]')) {
    const tabs = [...list.querySelectorAll('[role="tab"]')].filter(shown);
    const rows = new Set(tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)));
    if (rows.size > 1) found.push('tabs on ' + rows.size + ' rows: ' + name(list));
  }
  return found;
})()`;
