import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { webStack } from './layer-table.mjs';
import { forbiddenImport } from './layers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.mjs') });

/** What `npm run lint` says about the imports of `code`, were it the file `file`. */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('npm run lint keeps the server to its layers', () => {
  const chatService = 'apps/server/src/modules/chat/service.ts';

  it("fails on a module that imports another module's value, an export or an import() of it", async () => {
    const errors = await layerErrors(
      chatService,
      [
        "import { createProjectRepository } from '../projects/repository';",
        "export { registerFilesModule } from '../files/module';",
        "export const load = () => import('../files/service');",
        'export const make = createProjectRepository;',
      ].join('\n'),
    );
    expect(errors).toEqual([
      "layers/imports: '../projects/repository': server modules: 'chat' may import 'projects' only as `import type`.",
      "layers/imports: '../files/module': server modules: 'chat' may import 'files' only as `import type`.",
      "layers/imports: '../files/service': server modules: 'chat' may import 'files' only as `import type`.",
    ]);
  });

  it("lets a module import another module's types, its own area and the platform", async () => {
    const errors = await layerErrors(
      chatService,
      [
        "import type { FileService } from '../files/service';",
        "export type { ProjectRepository } from '../projects/repository';",
        "import { chatLimits } from './limits';",
        "import { notFound } from '../../platform/errors';",
        "import { serverMessages } from '@bauakte/domain';",
        'export const uses = [chatLimits, notFound, serverMessages] as const;',
        'export type Uses = FileService;',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('fails on the platform importing a module, even its types', async () => {
    const errors = await layerErrors('apps/server/src/platform/live/broker.ts', "import type { FileService } from '../../modules/files/service';\nexport type Files = FileService;");
    expect(errors).toEqual(["layers/imports: '../../modules/files/service': server platform may not import server modules (a layer above it), not even types."]);
  });

  it("fails on the platform's data layer naming a module's repository: the assembly is src/data-layer.ts, above both", async () => {
    const errors = await layerErrors('apps/server/src/platform/db/repositories.ts', "import { createProjectRepository } from '../../modules/projects/repository';\nexport const make = createProjectRepository;");
    expect(errors).toEqual(["layers/imports: '../../modules/projects/repository': server platform may not import server modules (a layer above it), not even types."]);
    expect(await layerErrors('apps/server/src/data-layer.ts', "import { createProjectRepository } from './modules/projects/repository';\nexport const make = createProjectRepository;")).toEqual([]);
  });
});

describe('npm run lint keeps the web app to its layers', () => {
  it('fails on a lib file importing a feature', async () => {
    const errors = await layerErrors('apps/web/src/lib/api.ts', "import { FilesCard } from '../features/files/files-card';\nexport const card = FilesCard;");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^layers\/imports: '\.\.\/features\/files\/files-card': web lib may not import web (screens|features)/);
  });

  it('fails on a feature importing another feature', async () => {
    const errors = await layerErrors('apps/web/src/features/chat/chat-dialog.tsx', "import { ProjectFilesCard } from '../files/project-files-card';\nexport const card = ProjectFilesCard;");
    expect(errors).toEqual(["layers/imports: '../files/project-files-card': web features: 'chat' may not import 'files'."]);
  });

  it('fails on the first paint taking zod, or on any web file importing the whole domain', async () => {
    const shell = 'apps/web/src/app/layout/app-shell.tsx';
    expect(await layerErrors(shell, "import { loginSchema } from '@bauakte/domain/schemas';\nexport const rules = loginSchema;")).toEqual([
      "no-restricted-imports: '@bauakte/domain/schemas' import is restricted from being used. The first paint takes no zod: import from @bauakte/domain/labels or /texts.",
    ]);
    expect(await layerErrors(shell, "import type { LoginRequest } from '@bauakte/domain/schemas';\nexport type Request = LoginRequest;")).toEqual([]);
    expect(await layerErrors('apps/web/src/features/chat/chat-api.ts', "import { errorCodes } from '@bauakte/domain';\nexport const codes = errorCodes;")).toEqual([
      "no-restricted-imports: '@bauakte/domain' import is restricted from being used. Import the domain by cost: @bauakte/domain/texts, /labels or /schemas.",
    ]);
  });

  it("fails on the start wing taking zod, or a page's code other than by import()", async () => {
    const start = 'apps/web/src/app/start/start-data.ts';
    expect(await layerErrors(start, "import { z } from 'zod';\nexport const rule = z.string();")).toEqual(['no-restricted-imports: \'zod\' import is restricted from being used. The first paint takes no zod.']);
    expect(await layerErrors(start, "import { ChatDialog } from '../../features/chat/chat-dialog';\nexport const dialog = ChatDialog;")).toEqual([
      "no-restricted-imports: '../../features/chat/chat-dialog' import is restricted from being used by a pattern. The start wing loads a page lazily: import() it, or take what its start needs from its *-start.ts.",
    ]);
    expect(await layerErrors(start, "import { prefetchLinkedChat } from '../../features/chat/chat-link-start';\nexport const load = () => import('../../features/chat/chat-dialog');\nexport const start = prefetchLinkedChat;")).toEqual([]);
  });

  // The table, asked directly.
  const web = (file: string) => `apps/web/src/${file}`;
  const verdict = (from: string, to: string, typeOnly = false) => forbiddenImport([webStack], web(from), web(to), typeOnly);

  it('forbids a feature to import another feature, even its types, but lets a composition do so', () => {
    expect(verdict('features/chat/chat-dialog', 'features/files/files-card')).toBe("web features: 'chat' may not import 'files'");
    expect(verdict('features/chat/chat-dialog', 'features/files/files-api', true)).toBe("web features: 'chat' may not import 'files'");
    expect(verdict('features/chat/chat-dialog', 'features/chat/chat-api')).toBeUndefined();
    expect(verdict('features/dashboard/dashboard-page', 'features/files/files-card')).toBeUndefined();
    expect(verdict('features/project-overview/project-overview-page', 'features/chat/chat-card')).toBeUndefined();
  });

  it('lets each layer import only the layers below it, and nothing import app/', () => {
    expect(verdict('platform/session/session', 'components/ui/button')).toBeUndefined();
    expect(verdict('platform/modals/modal-registry', 'features/files/upload-modal')).toBe('web platform may not import web features (a layer above it), not even types');
    expect(verdict('components/ui/button', 'platform/session/session')).toBe('web components may not import web platform (a layer above it), not even types');
    expect(verdict('features/dashboard/dashboard-page', 'app/start/router')).toBe('web compositions may not import web app (a layer above it), not even types');
    expect(verdict('app/start/router', 'features/dashboard/dashboard-page')).toBeUndefined();
  });
});
