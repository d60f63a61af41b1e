import { Component, type ReactNode } from 'react';
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
  failed: boolean;
  /** Retries since the last route change: a second one reloads the page. */
  tries: number;
}

/**
 * A route's error boundary: a page that throws while rendering, or whose chunk cannot be fetched,
 * shows a small panel inside the frame (header, tab bar and the other routes keep working)
 * instead of blanking the app (React logs the error). Retry renders the page again (a lazy page
 * fetches its chunk again, app/lazy-page.ts); a second Retry reloads the page, since some
 * browsers keep a failed module for the page's life.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, tries: 0 };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override componentDidUpdate(prev: Props): void {
    if (prev.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false, tries: 0 });
  }

  private retry = () => {
    if (this.state.tries > 0) return window.location.reload();
    renewFailedPages();
    this.setState({ failed: false, tries: 1 });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
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
