import { useEffect } from 'react';
import { Button, Stack } from '@mui/material';
import { useApp } from '../context';
import { EmptyState } from './common';
import { locationLabel, useLocations } from './forms';
import { DIRECTION_WORDS } from '../../../core/engine/labels';
import type { TariffDirection } from '../../../core/engine/schemas/common';

/** Where the last picked location is kept, per mode (the ids of the two modes never meet). */
const rememberedKey = (liveMode: boolean) => `tariff-desk:location:${liveMode ? 'live' : 'test'}`;

function remembered(liveMode: boolean): string | null {
  try {
    return window.localStorage.getItem(rememberedKey(liveMode));
  } catch {
    return null; // storage refused (a locked-down profile): the page simply forgets
  }
}

/**
 * The location a page opens on: the one in its address, else the one last picked (if it still
 * exists), else the page's own preference, else the newest with a tariff, else the newest. A page that opened on a new, empty
 * location greeted the user with an error instead of prices.
 */
export function usePageLocation(
  /**
   * A page's own first choice after the address and the last pick (the Usage page: a location
   * with meter records); `undefined` while the page is still finding it out, `null` for none.
   */
  prefer: string | null | undefined = null,
) {
  const { liveMode, route } = useApp();
  const locations = useLocations();
  const all = locations.data?.data ?? [];
  const asked = route.params.get('location');
  const last = remembered(liveMode);
  const picked = asked ?? all.find((l) => l.id === last)?.id;
  const id =
    picked ??
    // Not another location for a moment while the page's own choice is still being found.
    (prefer === undefined
      ? undefined
      : (all.find((l) => l.id === prefer)?.id ??
        all.find((l) => l.tariff_elements.length > 0)?.id ??
        all[0]?.id ??
        undefined));
  // A location named in the address (a link from another page) counts as picked too.
  useEffect(() => {
    if (!asked) return;
    try {
      window.localStorage.setItem(rememberedKey(liveMode), asked);
    } catch {
      // not kept: see `remembered`
    }
  }, [asked, liveMode]);
  return {
    locations,
    id,
    location: all.find((l) => l.id === id),
    /** Whether any location of the mode has a tariff. */
    anyTariff: all.some((l) => l.tariff_elements.length > 0),
  };
}

/**
 * What a page that shows a location's tariffs or prices says when the location has none:
 * the next step, as buttons (connect one through the connect flow, or create one by hand).
 */
export function NoTariff({
  locationId,
  anyTariff,
  direction,
  onCreate,
}: {
  locationId: string;
  anyTariff: boolean;
  /** The direction that has none, where the location has tariffs of another. */
  direction?: TariffDirection | undefined;
  /** Opens the new-tariff dialog in place; without it the button goes to the Tariffs page. */
  onCreate?: () => void;
}) {
  const { navigate } = useApp();
  const locations = useLocations();
  const all = locations.data?.data ?? [];
  const here = all.find((l) => l.id === locationId);
  const name = here ? locationLabel(here, all).primary : locationId;
  const kind = direction ? `${DIRECTION_WORDS[direction].label.toLowerCase()} tariff` : 'tariff';
  const what = `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`;
  return (
    <EmptyState
      title={`No ${kind} at ${name}`}
      hint={`Prices come from a location's tariffs. Connect ${what} through the connect flow, or create one by hand.${
        anyTariff ? '' : ' None of your locations has a tariff yet.'
      }`}
      action={
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
          <Button variant="contained" onClick={() => navigate(`connect?location=${locationId}`)}>
            Connect a tariff
          </Button>
          <Button
            variant="outlined"
            onClick={() => (onCreate ? onCreate() : navigate(`tariffs?location=${locationId}&new=1`))}
          >
            Create a tariff
          </Button>
        </Stack>
      }
    />
  );
}
