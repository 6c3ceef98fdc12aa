/**
 * @cc/ui/service-status: one service call and a line saying what it answered, for the
 * sections whose pages are placeholders until their domain work lands. A subpath of its
 * own (not in @cc/ui's index) so those pages do not load the whole of @cc/ui.
 */
export { useServiceCall, type CallState } from './useServiceCall';
export { ServiceStatus } from './ServiceStatus';
