import { Suspense, useState, type ReactNode } from 'react';
import { lazyComponent } from '../../lib/lazy-component';
import { MountInTransition } from '../../lib/mount-in-transition';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { can, formatAddress, formatKatastral, projectStatusLabels } from '@bauakte/domain/labels';
import type { Project } from '@bauakte/domain/schemas';
import { FileDown, Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { FormError } from '../../components/ui/form-error';
import { Spinner } from '../../components/ui/spinner';
import { errorContexts } from '../../lib/error-contexts';
import { cn } from '../../lib/cn';
import { de } from '../../i18n/de';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useModal } from '../../platform/modals/modal-context';
import { useServerAction } from '../../platform/actions/use-server-action';
import { useSession } from '../../platform/session/session-context';
import { ProjectFilesCard } from '../files/project-files-card';
import { useLinkedViewerFirst } from '../files/use-linked-viewer-first';
import { usePersonName } from '../profile/use-person-name';
import { ContinueQuestionnaireButton } from '../questionnaire/continue-questionnaire-button';
import { ChangeLogCard } from '../projects/change-log-card';
import { ProjectProgress } from '../../components/project-progress';
import { clearSelectedProject, suppressMissingProjectWarning } from '../../platform/project/project-selection';
import { deleteProject } from '../projects/projects-api';
import { projectQuery } from '../../platform/project/project-query';
import { projectKeys } from '../../lib/query-keys';
import { useProject } from '../../platform/project/use-project';
import { useNotKeptOffline } from '../../platform/offline/kept-on-device';
import { NotKeptNotice } from '../../platform/offline/not-kept-notice';
import { useLeaveProject } from '../../platform/project/use-required-project';
import { SectionCard } from '../../components/section-card';
import { useOverviewProjectId } from './use-overview-project';
import { TakeAlongCard } from '../../platform/take-along/take-along-card';

const t = de.projectOverview;

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="shrink-0 text-sm text-muted-foreground sm:w-40">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** The project's customer by name ('Nicht zugewiesen' without one). */
function CustomerName({ username }: { username: string | null }) {
  return usePersonName(username) ?? de.projects.unassigned;
}

function ProjectInformation({ project, managesProject }: { project: Project; managesProject: boolean }) {
  const address = formatAddress(project.address);
  return (
    <SectionCard title={t.infoTitle}>
      <div className="flex flex-col gap-5">
        <dl className="flex flex-col gap-3">
          <Detail term={t.name}>{project.name}</Detail>
          <Detail term={t.address}>{address || <span className="text-muted-foreground">{t.noAddress}</span>}</Detail>
          {managesProject && project.address.katastral !== null ? <Detail term={t.katastral}>{formatKatastral(project.address.katastral)}</Detail> : null}
          {managesProject ? (
            <Detail term={t.customer}>
              <CustomerName username={project.assignedUser} />
            </Detail>
          ) : null}
          {project.description.trim() ? (
            <Detail term={t.description}>
              <span className="whitespace-pre-line">{project.description}</span>
            </Detail>
          ) : null}
        </dl>
        <ProjectProgress value={project.progress} statusLabel={projectStatusLabels[project.status]} />
      </div>
    </SectionCard>
  );
}

/** The architect's questionnaire card reads the answers with their schemas: it loads after the page. */
const QuestionnaireAnswersCard = lazyComponent(() => import('../questionnaire/questionnaire-answers-card').then((module) => module.QuestionnaireAnswersCard)).Component;

/**
 * The questionnaire card's frame while its code loads, as the card itself shows while its answers
 * load: the files below it do not move when it comes, so a tap aimed at a plan lands on the plan.
 */
function QuestionnaireCardLoading({ className }: { className: string }) {
  return (
    <SectionCard title={de.questionnaire.unknownTitle} className={className}>
      <Spinner label={de.common.loading} />
    </SectionCard>
  );
}
/** 'Offene Punkte' loads beside the page, not in its start: the files and the project paint first. */
const OpenItemsCard = lazyComponent(() => import('../files/pins/open-items-card').then((module) => module.OpenItemsCard)).Component;
const ItemPhotosCard = lazyComponent(() => import('../files/pins/item-photos-card').then((module) => module.ItemPhotosCard)).Component;

/** The edit dialog's form and its rules (zod) load with its first opening, not with the page. */
const EditProjectDialog = lazyComponent(() => import('../projects/edit-project-dialog').then((module) => module.EditProjectDialog)).Component;

/** 'Aktionen' (architects): export, edit, and delete after a confirmation. */
function ProjectActions({ project }: { project: Project }) {
  const { openModal } = useModal();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  // Once opened, the dialog stays mounted, so that it closes as it opens.
  const [edited, setEdited] = useState(false);
  const deletion = useServerAction({
    confirm: () => ({ title: t.confirmDelete(project.name), description: t.confirmDeleteDescription, confirmLabel: t.delete, destructive: true }),
    action: () => deleteProject(String(project.id)),
    notify: () => de.toast.projectDeleted,
    errors: errorContexts.deleteProject,
    alertErrors: true,
    onSuccess: () => {
      // The project is gone: leave without the missing-project warning, and without refetching it
      // (so it leaves the cache before the lists are refetched).
      suppressMissingProjectWarning();
      clearSelectedProject();
      queryClient.removeQueries({ queryKey: projectKeys.detail(String(project.id)) });
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      void navigate('/dashboard');
    },
  });

  return (
    <SectionCard title={t.actionsTitle}>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => openModal('ExportProject', { projectId: project.id })}>
          <FileDown aria-hidden />
          {t.export}
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            setEdited(true);
            setEditing(true);
          }}
        >
          <Pencil aria-hidden />
          {t.edit}
        </Button>
        <Button variant="destructive" disabled={deletion.busy} onClick={() => void deletion.run()}>
          {deletion.busy ? <Spinner /> : <Trash2 aria-hidden />}
          {t.delete}
        </Button>
      </div>
      {edited ? (
        <Suspense fallback={null}>
          <EditProjectDialog project={project} open={editing} onOpenChange={setEditing} />
        </Suspense>
      ) : null}
    </SectionCard>
  );
}

function LoadFailure() {
  const leaveProject = useLeaveProject();
  return (
    <div className="flex flex-col items-start gap-3">
      <FormError>{t.loadFailed}</FormError>
      <Button variant="outline" onClick={leaveProject}>
        {t.toHome}
      </Button>
    </div>
  );
}

/** The cards below the files: on a plan link's start they come once the viewer closes. */
function BelowFiles({ projectId, managesProject }: { projectId: string; managesProject: boolean }) {
  return (
    <>
      <Suspense fallback={null}>
        <OpenItemsCard projectId={projectId} className="lg:col-span-2" />
      </Suspense>
      <Suspense fallback={null}>
        <ItemPhotosCard projectId={projectId} className="lg:col-span-2" />
      </Suspense>
      {managesProject ? <ChangeLogCard projectId={projectId} className="lg:col-span-2" /> : null}
      <TakeAlongCard projectId={projectId} className="lg:col-span-2" />
    </>
  );
}

function ProjectOverview({ projectId }: { projectId: string }) {
  const { user } = useSession();
  const managesProject = can(user, 'manageProjects');
  const project = useProject(projectId);
  const notKept = useNotKeptOffline(projectQuery(projectId).queryKey, project);
  const viewerFirst = useLinkedViewerFirst(projectId);

  if (notKept) return <NotKeptNotice>{t.notKeptOffline}</NotKeptNotice>;
  if (project.isPending) return <p role="status">{t.loading}</p>;
  if (project.isError) return <LoadFailure />;

  const data = project.data;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <p className="text-sm font-medium text-muted-foreground">{t.title}</p>
        <h1 className="text-2xl font-semibold break-words">{data.name}</h1>
        <ContinueQuestionnaireButton projectId={data.id} progress={data.progress} className="mt-2 w-full sm:w-auto sm:self-start" />
      </header>
      {/* The cards follow the title in a render of their own, which lets the browser in between. */}
      <MountInTransition>
        <div className="grid gap-6 lg:grid-cols-2">
          <ProjectInformation project={data} managesProject={managesProject} />
          {managesProject ? <ProjectActions project={data} /> : null}
          {managesProject ? (
            <Suspense fallback={<QuestionnaireCardLoading className="lg:col-span-2" />}>
              <QuestionnaireAnswersCard projectId={projectId} className="lg:col-span-2" />
            </Suspense>
          ) : null}
          <ProjectFilesCard projectId={projectId} className={cn(managesProject && 'lg:col-span-2')} />
          {viewerFirst ? null : <BelowFiles projectId={projectId} managesProject={managesProject} />}
        </div>
      </MountInTransition>
    </div>
  );
}

/** /projectOverview (spec section 2): the selected project's information, actions and files. */
export function ProjectOverviewPage() {
  const projectId = useOverviewProjectId();
  useDocumentTitle(de.documentTitles.projectOverview);
  if (!projectId) return null;
  return <ProjectOverview key={projectId} projectId={projectId} />;
}
