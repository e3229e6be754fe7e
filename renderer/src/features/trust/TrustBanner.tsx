import type { HeldItem } from '../../../../contract/views.ts';
import { bannerShown, dontTrust, trustWorkspace, useTrustBanner } from './trust-banner-store.ts';
import { useWorkbench } from '../../core/workbench-store.ts';
import './trust-banner.css';

const HEADINGS: Record<HeldItem['kind'], string> = {
  command: 'Commands it would start',
  runtime: 'Components and interpreters asking for host folders, network or your environment',
  credential: 'Keys from your environment it would send to servers it chose',
  expression: 'Expressions from its debugger settings',
};

const KINDS = Object.keys(HEADINGS) as HeldItem['kind'][];

/** What a folder that is not trusted holds back, with Trust and Don't trust. */
export function TrustBanner() {
  const workspace = useWorkbench((s) => s.workspace)!;
  const state = useTrustBanner();
  if (!bannerShown(workspace, state)) return null;
  const { held, problem } = workspace.trust;
  return (
    <section className="trust-banner" data-testid="trust-banner" aria-label="workspace trust">
      <p>
        <strong>Restricted mode.</strong> You have not trusted {workspace.root}, so Brainbench runs nothing of it
        outside the brain sandboxes. Everything else works: browse, edit, run brains on mock back ends. Trust the folder
        only if you trust what it would run:
      </p>
      {problem ? <p className="error-text">{problem}</p> : null}
      {KINDS.filter((kind) => held.some((item) => item.kind === kind)).map((kind) => (
        <div key={kind}>
          <h4>{HEADINGS[kind]}</h4>
          <ul>
            {held
              .filter((item) => item.kind === kind)
              .map((item, index) => (
                <li key={index} data-testid="held-item">
                  <span className="held-subject">{item.subject}</span>
                  {item.where ? <span className="held-where"> ({item.where})</span> : null}
                  <code className="held-text">{item.text}</code>
                </li>
              ))}
          </ul>
        </div>
      ))}
      <div className="trust-actions">
        <button className="trust-button" onClick={() => void trustWorkspace()} data-testid="trust-workspace">
          Trust
        </button>
        <button onClick={() => dontTrust(workspace)} data-testid="dont-trust">
          Don’t trust
        </button>
      </div>
    </section>
  );
}
