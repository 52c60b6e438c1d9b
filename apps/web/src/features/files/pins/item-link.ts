import { planLinkParameters, planLinkPath } from '@bauakte/domain/labels';

/** Where an open item lies: the plan version's file and page, the item, and its plan (to find an older version by). */
export interface ItemPlace {
  fileId: number;
  page: number;
  pinId: number;
  planId: number;
}

/** The project overview's parameters that open the viewer at the item ('Offene Punkte', the items' photos). */
export function withItemLink(current: URLSearchParams, place: ItemPlace): URLSearchParams {
  current.set(planLinkParameters.plan, String(place.fileId));
  current.set(planLinkParameters.page, String(place.page));
  current.set(planLinkParameters.pin, String(place.pinId));
  current.set(planLinkParameters.ofPlan, String(place.planId));
  return current;
}

/** The link to the item on its plan from anywhere ('Ihre offenen Punkte'). */
export const itemLinkPath = (projectId: number, place: ItemPlace): string =>
  `${planLinkPath(projectId, place.fileId, place.page)}&${planLinkParameters.pin}=${place.pinId}&${planLinkParameters.ofPlan}=${place.planId}`;
