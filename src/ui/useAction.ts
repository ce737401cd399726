import type { MutatorStore } from '@nanostores/query';
import { useRef, useState } from 'react';
import { runMutation } from '../lib/query';
import { SOMETHING_WRONG, failureMessage } from '../lib/api';
import { toast } from '../lib/stores/toast';

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

/**
 * The one way an island acts: runs a mutator store, is pending meanwhile (a second press while
 * pending does nothing), shows the failure toast with the server's message or `fallback`, and calls
 * `onSuccess` with the answer. `run` resolves to whether the action succeeded.
 */
export function useAction<Data, Result>(mutator: MutatorStore<Data, Result>, options: ActionOptions<Data, Result>) {
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const latest = useRef(options);
  latest.current = options;

  async function run(data: Data): Promise<boolean> {
    if (running.current) return false;
    running.current = true;
    setPending(true);
    const outcome = await runMutation(mutator, data);
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
