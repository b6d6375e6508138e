"use server"
// Server actions: sign in with the credentials form, sign out, rename through unstable_update.
import { signIn, signOut, unstable_update } from "../auth"

export async function signInWithPassword(formData) {
  await signIn("credentials", formData)
}

export async function signInWithOp(formData) {
  await signIn("op", { redirectTo: formData.get("redirectTo") ?? "/" })
}

export async function signOutToHome() {
  await signOut({ redirectTo: "/" })
}

export async function rename(formData) {
  await unstable_update({ user: { name: String(formData.get("name")) } })
}
