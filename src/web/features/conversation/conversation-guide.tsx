import { t } from "~/web/lib/i18n";

/** Beside the conversation on a wide screen: how it works, in a few lines. */
export function ConversationGuide() {
  return (
    <div className="rounded-[var(--radius-card)] border border-sage-100 bg-sage-50 p-5">
      <h2 className="font-sans text-sm font-bold tracking-wide text-sage-800 uppercase">
        {t("How the conversation works")}
      </h2>
      <ul className="mt-3 space-y-2 text-sm leading-relaxed text-muted">
        <li>{t("Only the group's members see what is shared here.")}</li>
        <li>{t("Type @ and a name to let a sister know you wrote to her.")}</li>
        <li>{t("Press “I prayed” on a prayer request when you have prayed: she is told.")}</li>
        <li>{t("When God answers, mark your request answered and share the praise.")}</li>
        <li>{t("The leaders pin what everyone should see, and keep the conversation kind.")}</li>
      </ul>
    </div>
  );
}
