import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../lib/use-translation';
import { renewFailedPages } from './lazy-page';
import { paths } from './paths';

interface Props {
  children: ReactNode;
  /** The route's location: going elsewhere clears a shown error. */
  resetKey: string;
  /** Where "Back to home" goes (the console's home in the console). */
  home?: string;
}

interface State {
  error: unknown;
  /** Retries of this error so far: a chunk that failed again is fetched by reloading the page. */
  tries: number;
}

/** A lazy chunk that could not be fetched (Chromium, Firefox and Safari word it differently). */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|module script failed|error loading dynamically|Unable to preload CSS|ChunkLoadError/i.test(
    text,
  );
}

/**
 * A route's error boundary: a page that throws while rendering, or whose chunk cannot be fetched,
 * shows a small panel inside the frame (header, tab bar and the other routes keep working)
 * instead of blanking the app. Retry renders the page again (a lazy page fetches its chunk again,
 * app/lazy-page.ts); a chunk that fails twice is fetched by reloading the page, since some browsers
 * keep a failed module for the page's life.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, tries: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('render failed') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A route failed to render', error, info.componentStack);
  }

  override componentDidUpdate(prev: Props): void {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null, tries: 0 });
  }

  private retry = () => {
    if (this.state.tries > 0 && isChunkLoadError(this.state.error)) {
      window.location.reload();
      return;
    }
    renewFailedPages();
    this.setState((s) => ({ error: null, tries: s.tries + 1 }));
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return <RouteErrorPanel onRetry={this.retry} home={this.props.home ?? paths.home} />;
  }
}

/** "Something went wrong", with Retry and a way home. */
function RouteErrorPanel({ onRetry, home }: { onRetry: () => void; home: string }) {
  const { t } = useTranslation();
  return (
    <section className="card page-notice" role="alert" data-testid="route-error">
      <h1>{t('common.crashTitle')}</h1>
      <p>{t('common.crashBody')}</p>
      <div className="page-notice-actions">
        <button type="button" className="btn btn-primary" onClick={onRetry} data-testid="route-error-retry">
          {t('common.retry')}
        </button>
        <Link to={home} className="btn">
          {t('common.backHome')}
        </Link>
      </div>
    </section>
  );
}
