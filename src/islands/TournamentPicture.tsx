import { TournamentImage } from '~/features/tournaments/TournamentImage';

/** A server-rendered tournament picture (an island only so a failed image gives way to the trophy). */
export default function TournamentPicture({ src, className }: { src: string | null; className?: string }) {
  return <TournamentImage src={src} className={className} />;
}
