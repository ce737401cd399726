import type { MutatorStore } from '@nanostores/query';
import { useRef, useState } from 'react';
import { runMutation, type Outcome } from '~/lib/query-wait';
import { SOMETHING_WRONG, failureMessage } from '~/lib/failure';
import { toast } from '~/lib/stores/toast';

export interface ActionOptions<Data, Result> {
  /** Title of the destructive toast when the action fails, e.g. 'Registration Failed'. */
  failureTitle: string;
  /** Its text when the server sent no message of its own. */
  fallback?: string;
  /** Runs after the server said yes. */
  onSuccess?: (result: Result, data: Data) => void;
  /** Stay pending after success, because the page is about to leave or the form to close. */
  pendingAfterSuccess?: boolean;
}

/** A mutator store, or how to load it on first use (for actions of every page, such as Sign Out). */
export type MutatorSource<Data, Result> = MutatorStore<Data, Result> | (() => Promise<MutatorStore<Data, Result>>);

/**
 * The one way an island acts: runs a mutator store, is pending meanwhile (a second press while
 * pending does nothing), shows the failure toast with the server's message or `fallback`, and calls
 * `onSuccess` with the answer. `run` resolves to whether the action succeeded. A mutator given as a
 * loader is loaded at the first press (a failed load counts as a failed action).
 */
export function useAction<Data, Result>(mutator: MutatorSource<Data, Result>, options: ActionOptions<Data, Result>) {
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const latest = useRef(options);
  latest.current = options;

  async function run(data: Data): Promise<boolean> {
    if (running.current) return false;
    running.current = true;
    setPending(true);
    const outcome = await loadMutator(mutator).then(
      (store) => runMutation(store, data),
      (error: unknown): Outcome<Result> => ({ status: 'failed', error }),
    );
    running.current = false;
    const { failureTitle, fallback = SOMETHING_WRONG, onSuccess, pendingAfterSuccess } = latest.current;
    if (outcome.status !== 'done' || !pendingAfterSuccess) setPending(false);
    if (outcome.status === 'failed') {
      toast({ title: failureTitle, description: failureMessage(outcome.error, fallback), variant: 'destructive' });
    } else if (outcome.status === 'done') {
      onSuccess?.(outcome.result, data);
    }
    return outcome.status === 'done';
  }

  return { run, pending };
}

async function loadMutator<Data, Result>(mutator: MutatorSource<Data, Result>): Promise<MutatorStore<Data, Result>> {
  return typeof mutator === 'function' ? mutator() : mutator;
}
