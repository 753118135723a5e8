import { MessageCircle } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import { Button, type ButtonVariant } from "~/web/components/ui/button";
import { t } from "~/web/lib/i18n";
import { notifySuccess } from "~/web/lib/notify";
import { isRequest, useStartConversation } from "./api";
import { MessageDialog } from "./message-field";

/**
 * "Message" on another member's card (a discipleship partner, a fellow group member): it opens a
 * composer and sends nothing until she does. The conversation opens at once where the two walk
 * together; anyone else receives her words as a request.
 */
export function MessageButton({
  memberId,
  name,
  variant = "outline",
  className,
}: {
  memberId: number;
  /** Her name, for the button's accessible name and the composer's title. */
  name: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant={variant}
        className={className}
        aria-label={t("Message {name}", { name })}
        onClick={() => setOpen(true)}
      >
        <MessageCircle aria-hidden="true" /> {t("Message")}
      </Button>
      {open && <Composer memberId={memberId} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}

function Composer({ memberId, name, onClose }: { memberId: number; name: string; onClose: () => void }) {
  const [, navigate] = useLocation();
  const start = useStartConversation(memberId);
  return (
    <MessageDialog
      title={t("Message {name}", { name })}
      description={t("Only the two of you will see this conversation.")}
      submit={{ label: t("Send"), busyLabel: t("Sending...") }}
      sending={start}
      onClose={onClose}
      onSend={(text) =>
        start.mutate(text, {
          onSuccess: (result) => {
            onClose();
            if (isRequest(result)) {
              notifySuccess(
                t("Message request sent"),
                t("Your message was sent as a request. She'll see it and can choose to reply."),
              );
            } else {
              navigate(`/messages/${result.id}`);
            }
          },
        })
      }
    />
  );
}
