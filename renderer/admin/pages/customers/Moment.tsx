import { NoBreak } from '../../components/words';
import { timeParts } from './last-seen';

/** An instant as a `<time>`: its day and its time, each kept whole on a line. */
export function Moment({ iso }: { iso: string }) {
  const [day, time] = timeParts(iso);
  return (
    <time dateTime={iso}>
      <NoBreak>{day}</NoBreak> <NoBreak>{time}</NoBreak>
    </time>
  );
}
