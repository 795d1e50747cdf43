import { api } from '../../lib/api';

/**
 * A board's custom Pin order (decision 065): place one Pin between its new
 * neighbours. `after_pin_id` is the Pin it now follows, `before_pin_id` the
 * Pin it now precedes; at least one of them.
 */
export interface PlacePinInput {
  board_id: string;
  pin_id: string;
  after_pin_id?: string;
  before_pin_id?: string;
}

export async function placePin(input: PlacePinInput): Promise<void> {
  await api.resource('BoardPinOrderResource', 'update', { ...input });
}
