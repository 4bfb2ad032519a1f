/**
 * A part of the page that failed to draw (an exception while rendering, or a piece of the app that could
 * not be loaded, e.g. the vector map's code once the host has stopped) shows what failed in its place; the
 * rest of the page, and the batch with the person's changes, stay. Without it React unmounts the whole app
 * and leaves an empty page.
 */
import { Component, type ReactNode } from 'react';

interface PartBoundaryProps {
  /** What failed, as a person names it: "The vector map", "The Submit screen". */
  part: string;
  /** What else the person can do meanwhile (a sentence), shown under the reason. */
  instead?: string;
  /** Called before trying again (e.g. to load code anew: a failed lazy import stays failed). */
  onRetry?: () => void;
  /** The failure is hidden with its screen (another screen is open). */
  hidden?: boolean;
  children: ReactNode;
}

interface PartBoundaryState {
  error: Error | undefined;
}

export class PartBoundary extends Component<PartBoundaryProps, PartBoundaryState> {
  override state: PartBoundaryState = { error: undefined };

  static getDerivedStateFromError(error: unknown): PartBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="warning part-failed" data-testid="part-failed" hidden={this.props.hidden}>
        <p>
          {this.props.part} could not be shown: {reasonOf(error)}
        </p>
        <p>
          {this.props.instead ? `${this.props.instead} ` : ''}The batch and your changes are kept.{' '}
          <button
            type="button"
            onClick={() => {
              this.props.onRetry?.();
              this.setState({ error: undefined });
            }}
          >
            Try again
          </button>
        </p>
      </div>
    );
  }
}

/**
 * A piece of the app's code (or its styles) that did not load: the browser's words (Chromium, Firefox,
 * Safari) and Vite's for the styles it loads before a module.
 */
const NOT_LOADED =
  /dynamically imported module|Importing a module script failed|error loading dynamically|Unable to preload/i;

/** The error in a person's words: code that did not load says so, not the browser's wording of it. */
function reasonOf(error: Error): string {
  if (NOT_LOADED.test(error.message)) return 'its code did not load (has the Fieldgate host stopped?).';
  return error.message.endsWith('.') ? error.message : `${error.message}.`;
}
