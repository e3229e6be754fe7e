// The layout check's scan, run in the page (plain JavaScript: the test's tsconfig has no DOM).
// It lists boxes whose content is wider than they are where the box does not scroll sideways
// (overflow-x auto or scroll) nor cut its text on purpose (an ellipsis), and boxes reaching past
// a parent that clips them without scrolling: a panel that overflows, text clipped outside its box. Monaco and
// SVG drawings are left out (they draw their own content).

export const OVERFLOW_SCAN = `(() => {
  const name = (el) =>
    el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    [...el.classList].map((c) => '.' + c).join('') +
    (el.getAttribute('data-testid') ? '[' + el.getAttribute('data-testid') + ']' : '');
  const found = [];
  for (const el of document.querySelectorAll('[data-testid="workbench"] *')) {
    if (!(el instanceof HTMLElement) || el.closest('.monaco-editor, svg')) continue;
    // A text field scrolls its own text.
    if (['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) continue;
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden' || el.clientWidth === 0) continue;
    if (['auto', 'scroll'].includes(style.overflowX) || style.textOverflow === 'ellipsis') continue;
    if (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1)
      found.push(name(el) + ' ' + el.scrollWidth + ' > ' + el.clientWidth);
    const parent = el.parentElement;
    if (!parent || style.position === 'absolute' || style.position === 'fixed') continue;
    // A parent that scrolls sideways (a tab strip) shows what reaches past it on a scroll.
    if (['visible', 'auto', 'scroll'].includes(getComputedStyle(parent).overflowX)) continue;
    const past = el.getBoundingClientRect().right - parent.getBoundingClientRect().right;
    if (past > 1) found.push(name(el) + ' reaches ' + Math.round(past) + ' px past ' + name(parent));
  }
  return found;
})()`;
