import { createContext, useContext } from 'react';
import type { ProjectFile } from '@bauakte/domain/schemas';

/** The project whose files the tiles show, and its files: the plan viewer's pins name photos among them. */
export interface ProjectFilesScope {
  projectId: string;
  files: readonly ProjectFile[];
}

export const ProjectFilesContext = createContext<ProjectFilesScope | null>(null);

export const useProjectFilesScope = () => useContext(ProjectFilesContext);
