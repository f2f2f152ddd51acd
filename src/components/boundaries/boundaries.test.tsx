import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { EventClock, userMessage } from '../../../mocks/events';
import { projectEvents } from '../../conversation/projection';
import { RowBoundary } from './RowBoundary';
import { PartBoundary } from './PartBoundary';
import { failedModuleUrl, lazyPart } from './lazyPart';

afterEach(cleanup);

function Throws(): never {
  throw new Error('cannot draw this');
}

describe('contained failures', () => {
  it('a row that throws says which event it was, and the rows beside it stay', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const clock = new EventClock(Date.UTC(2026, 10, 1), 'b');
    const rows = projectEvents([userMessage(clock, 'first'), userMessage(clock, 'second')]).rows;
    render(
      <div>
        <RowBoundary row={rows[0]!}>
          <Throws />
        </RowBoundary>
        <RowBoundary row={rows[1]!}>
          <p>second</p>
        </RowBoundary>
      </div>,
    );
    expect(screen.getByText(/This event could not be shown \(MessageEvent ·/).textContent).toContain(
      rows[0]!.eventId,
    );
    expect(screen.getByText('second')).toBeTruthy();
  });

  it('Retry draws the part again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let broken = true;
    function Sometimes() {
      if (broken) throw new Error('not yet');
      return <p>drawn</p>;
    }
    render(
      <PartBoundary fallback={(retry) => <button onClick={retry}>Retry</button>}>
        <Sometimes />
      </PartBoundary>,
    );
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('drawn')).toBeTruthy();
  });

  it('finds the address of a chunk that failed to load', () => {
    expect(
      failedModuleUrl(
        new TypeError(
          'Failed to fetch dynamically imported module: http://127.0.0.1:4173/assets/Usage-a1.js',
        ),
      ),
    ).toBe('http://127.0.0.1:4173/assets/Usage-a1.js');
    expect(failedModuleUrl(new TypeError('Importing a module script failed.'))).toBeUndefined();
  });
});

describe('a lazily loaded part', () => {
  it('whose code is already here is drawn at once, never through a fallback', async () => {
    const Part = lazyPart(async () => ({ default: ({ word }: { word: string }) => <p>{word}</p> }));
    await Part.preload();
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Part word="here at once" />
      </Suspense>,
    );
    // In the first commit: had it suspended, the fallback would be on screen now.
    expect(screen.getByText('here at once')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('whose code is not here yet suspends, then is drawn', async () => {
    const Part = lazyPart(async () => ({ default: () => <p>loaded later</p> }));
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Part />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(await screen.findByText('loaded later')).toBeTruthy();
  });
});
