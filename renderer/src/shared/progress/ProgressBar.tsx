import './progress.css';

/**
 * How far a long piece of work is (an eval run, a corpus replay, line counts): `done` of `of`, for
 * the eye and for a screen reader. `failing` tints it when some of what is done did not pass.
 */
export function ProgressBar({
  done,
  of,
  label,
  failing = false,
}: {
  done: number;
  of: number;
  label: string;
  failing?: boolean;
}) {
  const share = of > 0 ? Math.min(1, done / of) : 0;
  return (
    <div
      className="progress-bar"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={of}
      aria-valuenow={done}
      aria-label={label}
    >
      <div
        className={failing ? 'progress-fill with-failures' : 'progress-fill'}
        style={{ width: `${(share * 100).toFixed(1)}%` }}
      />
    </div>
  );
}
