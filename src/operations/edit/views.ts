/**
 * The spec's PDF edit result: success, message, pdf_url (upload_to_storage), original_size,
 * edited_size, items_processed, reparsed, new_job_id (when a job_id was given).
 */
export interface PdfEditResult {
  success: boolean;
  message: string;
  pdf_url?: string;
  original_size: number;
  edited_size: number;
  items_processed: number;
  reparsed: boolean;
  new_job_id?: string;
}

export function editSuccess(o: { originalSize: number; editedSize: number; items: number; pdfUrl?: string; newJobId?: string }): PdfEditResult {
  return {
    success: true,
    message: `Edited ${o.items} item${o.items === 1 ? '' : 's'}; the replaced content was removed from the PDF${o.newJobId ? ' and the edited PDF was submitted for parsing' : ''}.`,
    ...(o.pdfUrl ? { pdf_url: o.pdfUrl } : {}),
    original_size: o.originalSize,
    edited_size: o.editedSize,
    items_processed: o.items,
    reparsed: o.newJobId !== undefined,
    ...(o.newJobId ? { new_job_id: o.newJobId } : {}),
  };
}

export function editFailure(message: string, originalSize: number): PdfEditResult {
  return { success: false, message, original_size: originalSize, edited_size: 0, items_processed: 0, reparsed: false };
}
