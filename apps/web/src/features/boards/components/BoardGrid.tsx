import type { Board } from '../boards.api';
import { BoardCard } from './BoardCard';
import styles from './BoardGrid.module.css';

export type BoardLayout = 'square' | 'wide';

/** Board cards in a grid, square or wide (a profile's boards, the boards found by a search). */
export function BoardGrid({ boards, layout, label }: { boards: readonly Board[]; layout: BoardLayout; label?: string }) {
  return (
    <ul className={styles.boardGrid} data-layout={layout} aria-label={label}>
      {boards.map((board) => (
        <li key={board.id}>
          <BoardCard board={board} />
        </li>
      ))}
    </ul>
  );
}
