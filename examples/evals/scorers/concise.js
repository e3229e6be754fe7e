// A code scorer: a short answer scores 1, one past 80 characters less, to 0 at 200.
const outcome = omw.host.memoryGetAs('outcome');
const text = outcome.text ?? '';
const score = text.length <= 80 ? 1 : Math.max(0, 1 - (text.length - 80) / 120);
({ score, reason: `${text.length} characters` });
