import { api } from '../../lib/api';
import type { Section } from './boards.api';

export async function renameSection(sectionId: string, title: string): Promise<Section> {
  return (await api.resource('BoardSectionResource', 'update', { section_id: sectionId, title })).data;
}

/** Moves a section to a position (0 is first) among its board's sections. */
export async function moveSection(sectionId: string, position: number): Promise<Section> {
  return (await api.resource('BoardSectionResource', 'update', { section_id: sectionId, position })).data;
}

/** Deletes a section; its Pins stay on the board. */
export async function deleteSection(sectionId: string) {
  return (await api.resource('BoardSectionResource', 'delete', { section_id: sectionId })).data;
}
