import { useId } from 'react';
import type { CountryList } from '~/lib/board-rules';
import type { LeaderboardScope } from '~/lib/schemas/leaderboard';
import { PixelIcon } from '~/ui/PixelIcon';
import { flag as iconFlag, globe as iconGlobe } from '~/ui/pixel-icons';

interface ScopeControlsProps {
  scope: LeaderboardScope;
  country?: string;
  countries: CountryList;
  onScope: (scope: LeaderboardScope) => void;
  onCountry: (country: string) => void;
}

/** Global or country scope, and in country scope the countries that have players. */
export function ScopeControls({ scope, country, countries, onScope, onCountry }: ScopeControlsProps) {
  const id = useId();
  const options: [LeaderboardScope, string, string][] = [
    ['global', 'Global', iconGlobe],
    ['country', 'Country', iconFlag],
  ];
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div role="group" aria-label="Scope" className="join">
        {options.map(([value, label, icon]) => (
          <button
            key={value}
            type="button"
            aria-pressed={scope === value}
            onClick={() => onScope(value)}
            className={`btn join-item border-2 font-pixel text-[0.6rem] ${scope === value ? 'border-info bg-info text-info-content' : 'border-plum bg-base-200 text-base-content/80'}`}
          >
            <PixelIcon icon={icon} className="size-4" /> {label.toUpperCase()}
          </button>
        ))}
      </div>
      {scope === 'country' && (
        <div className="flex flex-col gap-1 sm:w-72">
          <label htmlFor={`${id}-country`} className="font-pixel text-[0.55rem] text-secondary">
            Country
          </label>
          {countries.status === 'ready' && countries.countries.length > 0 ? (
            <select
              id={`${id}-country`}
              className="select w-full border-2 border-plum bg-base-100"
              value={country ?? ''}
              onChange={(e) => onCountry(e.target.value)}
            >
              {countries.countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          ) : (
            <select id={`${id}-country`} className="select w-full border-2 border-plum bg-base-100" disabled value="">
              <option value="">
                {countries.status === 'ready'
                  ? 'No countries with players yet'
                  : countries.status === 'error'
                    ? 'Countries could not be loaded'
                    : 'Loading countries...'}
              </option>
            </select>
          )}
        </div>
      )}
    </div>
  );
}
