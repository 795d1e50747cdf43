import { createContext, useContext, useEffect, useRef } from 'react';
import type { Board, Section } from './boards.api';

/**
 * Where the create menu opens from; it picks the heading
 * (docs/product/logged-out-and-business.md §2): home and profile 'Add a Pin or board', a board 'Add a Pin or section',
 * a section 'Add to section', and the profile's own board actions 'Add to profile'.
 */
type CreateMenuViewType = 'home' | 'profile' | 'board' | 'section' | 'addToProfile';

export interface CreateMenuSurface {
  viewType: CreateMenuViewType;
  board?: Board;
  section?: Section;
}

export interface CreateMenuControls {
  /** Opens the create menu for the given surface, or for the page's own (see useCreateMenuSurface). */
  openCreateMenu: (surface?: CreateMenuSurface) => void;
  setPageSurface: (surface: CreateMenuSurface | null) => void;
}

export const CreateMenuContext = createContext<CreateMenuControls>({
  openCreateMenu: () => undefined,
  setPageSurface: () => undefined,
});

export function useCreateMenu(): CreateMenuControls {
  return useContext(CreateMenuContext);
}

/** Tells the header's Create button which surface the page is (a board, a section …) while it is shown. */
export function useCreateMenuSurface(surface: CreateMenuSurface | null) {
  const { setPageSurface } = useCreateMenu();
  const latest = useRef(surface);
  latest.current = surface;
  const key = surface ? `${surface.viewType}:${surface.board?.id ?? ''}:${surface.section?.id ?? ''}` : '';
  useEffect(() => {
    setPageSurface(latest.current);
    return () => setPageSurface(null);
  }, [key, setPageSurface]);
}
