import { createContext, useContext } from 'react';
import type { Board, BoardSource } from './boards.api';

export interface CreateBoardOptions {
  /** Stay on the current page instead of going to the new board. */
  stayOnPage?: boolean;
  onCreated?: (board: Board) => void;
  /** Sent as aux_data.source; 'profile' unless said otherwise. */
  source?: BoardSource;
}

export interface CreateBoardControls {
  openCreateBoard: (options?: CreateBoardOptions) => void;
}

export const CreateBoardContext = createContext<CreateBoardControls>({ openCreateBoard: () => undefined });

export function useCreateBoardDialog(): CreateBoardControls {
  return useContext(CreateBoardContext);
}
