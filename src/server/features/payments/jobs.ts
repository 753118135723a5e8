import { task } from "../../jobs/task";
import { sendReceiptJob } from "./queries";
import { receiptMailFor } from "./receipts";

export const paymentJobs = [
  task(sendReceiptJob, async ({ paymentId }, { app, deliver }) => {
    const mail = await receiptMailFor(app.db, app.config, paymentId);
    if (mail) await deliver(mail);
  }),
];
