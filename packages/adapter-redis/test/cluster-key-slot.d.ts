// The hash-slot function ioredis itself uses (CRC16 of the key or its hash tag, mod 16384).
declare module "cluster-key-slot" {
  export default function calculateSlot(key: string | Buffer): number
}
