import type { Platform } from '../../platform/compose';
import { createAttemptLimiter } from '../../platform/rate-limit/attempt-limiter';
import type { FileService } from '../files/service';
import type { OpenItemService } from '../pins/open-items';
import type { PinService } from '../pins/service';
import { createOpenItemsReport } from './open-items-report';
import { createPdfRenderer } from './pdf/pdf-renderer';
import { registerExportRoutes } from './routes';
import { createExportService, exportMailRules } from './service';

/** A project's export as JSON or PDF, downloaded or mailed; the PDFs are made in child processes. */
export function registerExportModule(platform: Platform, needs: { files: FileService; pins: PinService; openItems: OpenItemService }): void {
  const { app, config, data, mailer, log } = platform;
  const pdf = createPdfRenderer({
    log,
    processes: config.export.maxConcurrent,
    maxQueue: config.export.maxQueued,
    timeoutMs: config.export.timeLimitSeconds * 1000,
    maxHeapMb: config.export.heapLimitMb,
    priority: config.export.priority,
  });
  app.addHook('onClose', () => pdf.close());
  const exports = createExportService({
    data,
    files: needs.files,
    pins: needs.pins,
    pdf,
    mailer,
    limiter: createAttemptLimiter(data.repos.throttle, exportMailRules),
    publicUrl: config.publicUrl,
    storeConfig: { s3: config.s3, dataDir: config.dataDir },
  });
  const storeConfig = { s3: config.s3, dataDir: config.dataDir };
  registerExportRoutes(app, exports, createOpenItemsReport({ data, pins: needs.pins, openItems: needs.openItems, pdf, storeConfig, pages: needs.files }));
}
