import type { Mood, PremiumBand } from '../../../../../shared/valuation';

/** Mouth curve by band: the further from fair value, the bigger the smile or frown. */
function mouth(mood: Mood, band: PremiumBand): string {
  const depth = 4 + band * 3;
  return mood === 'happy'
    ? `M 30 62 Q 50 ${62 + depth} 70 62`
    : `M 30 ${66 + depth / 2} Q 50 ${66 - depth} 70 ${66 + depth / 2}`;
}

interface FaceProps {
  mood: Mood;
  band: PremiumBand;
}

/** Mr. Market: a face in a top hat, happy or sad. */
export function MrMarketFace({ mood, band }: FaceProps) {
  return (
    <svg
      className={`face face--${mood}`}
      viewBox="0 0 100 100"
      role="img"
      aria-label={`Mr. Market is ${mood}`}
      data-mood={mood}
      data-band={band}
    >
      <circle cx="50" cy="55" r="34" fill="#f6d7b0" stroke="#5a3d1e" strokeWidth="2" />
      <rect x="28" y="8" width="44" height="22" fill="#222" />
      <rect x="20" y="28" width="60" height="6" fill="#222" />
      <circle cx="38" cy="50" r="4" fill="#222" />
      <circle cx="62" cy="50" r="4" fill="#222" />
      <path d={mouth(mood, band)} fill="none" stroke="#222" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** The user's avatar: their profile image with a mood badge, or a drawn face without one. */
export function UserAvatar({
  mood,
  band,
  name,
  imageUrl,
}: FaceProps & { name: string; imageUrl?: string | null }) {
  const badge = (
    <svg className="face-badge" viewBox="0 0 100 100" aria-hidden="true">
      <circle cx="50" cy="50" r="46" fill={mood === 'happy' ? '#2e9d57' : '#c0392b'} />
      <circle cx="36" cy="40" r="6" fill="#fff" />
      <circle cx="64" cy="40" r="6" fill="#fff" />
      <path
        d={mouth(mood, band)}
        transform="translate(0 -2)"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
      />
    </svg>
  );
  return (
    <span
      className={`user-avatar user-avatar--${mood}`}
      role="img"
      aria-label={`${name} is ${mood}`}
      data-mood={mood}
      data-band={band}
    >
      {imageUrl ? (
        <img src={imageUrl} alt="" className="user-avatar__image" />
      ) : (
        <svg className={`face face--${mood}`} viewBox="0 0 100 100" aria-hidden="true">
          <circle cx="50" cy="55" r="34" fill="#cfe3f7" stroke="#1d4f7a" strokeWidth="2" />
          <circle cx="38" cy="50" r="4" fill="#222" />
          <circle cx="62" cy="50" r="4" fill="#222" />
          <path
            d={mouth(mood, band)}
            fill="none"
            stroke="#222"
            strokeWidth="3"
            strokeLinecap="round"
          />
        </svg>
      )}
      {imageUrl && badge}
    </span>
  );
}
