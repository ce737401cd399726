import { useState } from 'react';
import { failureMessage, SOMETHING_WRONG } from '~/lib/failure';
import { request } from '~/lib/request';
import { toast } from '~/lib/stores/toast';

/** An administrator's HIDE (or SHOW) of a donor's name and message on the open books; the page reloads. */
export default function HideDonationButton({ id, hidden }: { id: number; hidden: boolean }) {
  const [pending, setPending] = useState(false);
  async function toggle() {
    setPending(true);
    try {
      await request(`admin/donations/${id}/hide`, 'post', { hidden: !hidden });
      window.location.reload();
    } catch (error) {
      toast({ title: 'Not Changed', description: failureMessage(error, SOMETHING_WRONG), variant: 'destructive' });
      setPending(false);
    }
  }
  return (
    <button type="button" className="btn-arcade btn-secondary btn-xs" disabled={pending} onClick={() => void toggle()}>
      {hidden ? 'SHOW NAME' : 'HIDE NAME'}
    </button>
  );
}
